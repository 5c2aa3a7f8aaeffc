import express, { type RequestHandler } from 'express';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PHOTO_MAX_AGE_SECONDS, PhotoStorage, STORED_NAME, type StoredPhoto } from './photo-storage.service';

/** `STORAGE=local`: files under `${DATA_DIR}/uploads/news`. */
export class LocalPhotoStorage extends PhotoStorage {
  readonly driver = 'local';
  readonly directory: string;

  constructor(dataDir: string) {
    super();
    this.directory = join(dataDir, 'uploads', 'news');
  }

  /** The bytes go to a hidden temporary file first (dotfiles are never served), then are renamed into place. */
  async put(name: string, data: Buffer): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const temporary = join(this.directory, `.${name}.tmp`);
    try {
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, join(this.directory, name));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await rm(join(this.directory, name), { force: true });
  }

  async get(name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(join(this.directory, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async modified(name: string): Promise<Date | undefined> {
    try {
      return (await stat(join(this.directory, name))).mtime;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async *list(): AsyncIterable<StoredPhoto> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names.filter((entry) => STORED_NAME.test(entry))) {
      const info = await stat(join(this.directory, name)).catch(() => undefined);
      if (info?.isFile()) yield { name, modified: info.mtime };
    }
  }

  async check(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
  }

  handler(): RequestHandler {
    // express.static answers ETag, Last-Modified, conditional GETs and Range requests.
    const files = express.static(this.directory, {
      index: false,
      immutable: true,
      maxAge: PHOTO_MAX_AGE_SECONDS * 1000,
      dotfiles: 'deny',
    });
    return express.Router().use('/news', files);
  }
}
