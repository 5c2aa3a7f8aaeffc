import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

const PUBLIC_PREFIX = '/uploads/news/';
/** The only names this service writes, so it never touches anything else, whatever a row says. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/**
 * Where news photos live: files under `${DATA_DIR}/uploads/news`, served by the same process at
 * /uploads/news/… (server/common/site-pages.middleware.ts). Everything else talks to it through save() and
 * remove(), so an object-store driver can replace it without touching its callers.
 */
@Injectable()
export class PhotoStorage {
  private readonly logger = new Logger('PhotoStorage');
  readonly directory: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.directory = join(config.dataDir, 'uploads', 'news');
  }

  /**
   * Stores a WebP photo under a new random name and returns its public path. The bytes go to a
   * hidden temporary file first (dotfiles are never served), then are renamed into place, so a
   * half-written photo is never visible.
   */
  async save(data: Buffer): Promise<string> {
    await mkdir(this.directory, { recursive: true });
    const name = `${randomUUID()}.webp`;
    const temporary = join(this.directory, `.${name}.tmp`);
    try {
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, join(this.directory, name));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return PUBLIC_PREFIX + name;
  }

  /** Removes a stored photo by its public path. Never throws: a leftover file is logged, not fatal. */
  async remove(publicPath: string | null | undefined): Promise<void> {
    if (!publicPath) return;
    const name = publicPath.startsWith(PUBLIC_PREFIX) ? publicPath.slice(PUBLIC_PREFIX.length) : '';
    if (!STORED_NAME.test(name)) {
      this.logger.warn(`not removing ${JSON.stringify(publicPath)}: not a stored photo path`);
      return;
    }
    try {
      await rm(join(this.directory, name), { force: true });
    } catch (error) {
      this.logger.error(`could not remove ${publicPath}: ${(error as Error).message}`);
    }
  }
}
