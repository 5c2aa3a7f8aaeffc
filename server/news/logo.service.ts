import { Injectable } from '@nestjs/common';
import type { Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { SettingsService, type SiteSettings } from '../settings/settings.service';
import { prepareLogo } from './photos/photo-processor';
import { PhotoStorage } from './photos/photo-storage.service';

/**
 * The site's logo (a setting: SettingsService holds its path): checked and re-encoded by the news
 * photos' pipeline (photo-processor.ts), stored where they are (either driver), shown in the public header, as the favicon and in the
 * admin menu. The order is the news photos': write the new file, point the settings at it, and
 * only after that commits remove the old one; a failure removes the new file again.
 */
@Injectable()
export class LogoService {
  constructor(
    private readonly settings: SettingsService,
    private readonly photos: PhotoStorage,
  ) {}

  async upload(file: Buffer | undefined, by: Actor): Promise<SiteSettings> {
    if (!file) throw ApiError.field('photo', 'Choose an image for the logo');
    const path = await this.photos.save(await prepareLogo(file));
    let result: Awaited<ReturnType<SettingsService['setLogo']>>;
    try {
      result = await this.settings.setLogo(path, by);
    } catch (error) {
      await this.photos.remove(path);
      throw error;
    }
    await this.photos.remove(result.previous);
    return result.settings;
  }

  async remove(by: Actor): Promise<SiteSettings> {
    const { settings, previous } = await this.settings.setLogo(null, by);
    await this.photos.remove(previous);
    return settings;
  }
}
