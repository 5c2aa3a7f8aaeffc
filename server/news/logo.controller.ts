import { Allow } from '../roles/allow.decorator';
import { Controller, Delete, Post, UploadedFile } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { SiteSettings } from '../settings/settings.service';
import { LogoService } from './logo.service';
import { PhotoUpload } from './photos/photo-upload.interceptor';

/**
 * The site's logo, a setting (`logo` in GET /api/settings) that goes through the news photos'
 * upload and pipeline, hence its place here.
 */
@Controller('settings/logo')
export class LogoController {
  constructor(private readonly logos: LogoService) {}

  /** Multipart with the field `photo` (as a news photo's upload): the logo replaces the one before. */
  @Allow('settings.manage')
  @Post()
  @PhotoUpload('JPEG, PNG or WebP; stored 256 px square as WebP', { required: true })
  @ApiOkResponse({ type: SiteSettings, description: 'Every setting, with the new logo' })
  uploadLogo(@UploadedFile() file: { buffer: Buffer } | undefined, @CurrentActor() by: Actor): Promise<SiteSettings> {
    return this.logos.upload(file?.buffer, by);
  }

  /** Back to the default logo; the file is removed. */
  @Allow('settings.manage')
  @Delete()
  @ApiOkResponse({ type: SiteSettings, description: 'Every setting, without a logo' })
  removeLogo(@CurrentActor() by: Actor): Promise<SiteSettings> {
    return this.logos.remove(by);
  }
}
