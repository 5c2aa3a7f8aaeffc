import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { ApiFieldErrors } from '../common/api-docs';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { SiteSettings, UpdateSettingsDto } from './dto/update-settings.dto';
import { SettingsService } from './settings.service';

/** The site's settings, for administrators (the public pages read them through SettingsService). */
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

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
}
