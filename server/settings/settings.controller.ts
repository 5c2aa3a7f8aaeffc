import { Body, Controller, Get, Patch } from '@nestjs/common';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { UpdateSettingsDto } from './dto/update-settings.dto';
import { SettingsService, type SiteSettings } from './settings.service';

/** The site's settings, for administrators (the public pages read them through SettingsService). */
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  find(): Promise<SiteSettings> {
    return this.settings.find();
  }

  @Patch()
  update(@Body() dto: UpdateSettingsDto, @CurrentActor() by: Actor): Promise<SiteSettings> {
    return this.settings.update(dto, by);
  }
}
