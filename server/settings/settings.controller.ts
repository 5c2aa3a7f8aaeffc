import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse } from '@nestjs/swagger';
import { ApiFieldErrors } from '../common/api-docs';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { AcceptsMultipart } from '../http/accepts-multipart.decorator';
import { PhotoUploadInterceptor } from '../news/photos/photo-upload.interceptor';
import { SiteSettings, UpdateSettingsDto } from './dto/update-settings.dto';
import { LogoService } from './logo.service';
import { SettingsService } from './settings.service';

/** The site's settings, for administrators (the public pages read them through SettingsService). */
@Controller('settings')
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly logos: LogoService,
  ) {}

  @Get()
  @ApiOkResponse({ type: SiteSettings })
  find(): Promise<SiteSettings> {
    return this.settings.find();
  }

  @Patch()
  @ApiOkResponse({ type: SiteSettings, description: 'Every setting, as saved' })
  @ApiFieldErrors()
  update(@Body() dto: UpdateSettingsDto, @CurrentActor() by: Actor): Promise<SiteSettings> {
    return this.settings.update(dto, by);
  }

  /** Multipart with the field `photo` (as a news photo's upload): the logo replaces the one before. */
  @Post('logo')
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
  @Delete('logo')
  @ApiOkResponse({ type: SiteSettings, description: 'Every setting, without a logo' })
  removeLogo(@CurrentActor() by: Actor): Promise<SiteSettings> {
    return this.logos.remove(by);
  }
}
