import { Controller, Delete, HttpCode, HttpStatus, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse } from '@nestjs/swagger';
import { ApiFieldErrors } from '../common/api-docs';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { AcceptsMultipart } from '../http/accepts-multipart.decorator';
import { SiteSettings } from '../settings/settings.service';
import { LogoService } from './logo.service';
import { PhotoUploadInterceptor } from './photos/photo-upload.interceptor';

/**
 * The site's logo, a setting (`logo` in GET /api/settings) that goes through the news photos'
 * upload and pipeline, hence its place here.
 */
@Controller('settings/logo')
export class LogoController {
  constructor(private readonly logos: LogoService) {}

  /** Multipart with the field `photo` (as a news photo's upload): the logo replaces the one before. */
  @Post()
  @AcceptsMultipart()
  @HttpCode(HttpStatus.OK)
  @UseInterceptors(PhotoUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['photo'],
      properties: { photo: { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP; stored 256 px square as WebP' } },
    },
  })
  @ApiOkResponse({ type: SiteSettings, description: 'Every setting, with the new logo' })
  @ApiFieldErrors('No file, or the upload could not be read')
  @ApiFieldErrors('The image is too large', HttpStatus.PAYLOAD_TOO_LARGE)
  @ApiFieldErrors('The file is not an accepted image', HttpStatus.UNSUPPORTED_MEDIA_TYPE)
  uploadLogo(@UploadedFile() file: { buffer: Buffer } | undefined, @CurrentActor() by: Actor): Promise<SiteSettings> {
    return this.logos.upload(file?.buffer, by);
  }

  /** Back to the default logo; the file is removed. */
  @Delete()
  @ApiOkResponse({ type: SiteSettings, description: 'Every setting, without a logo' })
  removeLogo(@CurrentActor() by: Actor): Promise<SiteSettings> {
    return this.logos.remove(by);
  }
}
