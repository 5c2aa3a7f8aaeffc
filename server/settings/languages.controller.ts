import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Put } from '@nestjs/common';
import { ApiConflictResponse, ApiNoContentResponse, ApiOkResponse } from '@nestjs/swagger';
import { ApiErrorText, ApiFieldErrors } from '../common/api-docs';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { Allow } from '../roles/allow.decorator';
import { LanguagesDto, LanguagesReply, SiteTranslationDto, SiteTranslationReply } from './dto/languages.dto';
import { SettingsService } from './settings.service';

/**
 * The site's languages (issue #41) and the company's name and tagline in each: Settings →
 * Languages. The content's own translations are under each kind (`/api/news/:id/translations`).
 */
@Controller('settings')
export class LanguagesController {
  constructor(private readonly settings: SettingsService) {}

  @Allow('settings.read')
  @Get('languages')
  @ApiOkResponse({ type: LanguagesReply })
  languages(): Promise<LanguagesReply> {
    return this.settings.languages();
  }

  @Allow('settings.manage')
  @Put('languages')
  @ApiOkResponse({ type: LanguagesReply, description: 'The languages as saved, the default first' })
  @ApiFieldErrors()
  @ApiConflictResponse({ description: "A page's address is a language's code: `{ error: { 'languages.<i>.code': { msg } } }`" })
  setLanguages(@Body() dto: LanguagesDto, @CurrentActor() by: Actor): Promise<LanguagesReply> {
    return this.settings.setLanguages(dto.languages, by);
  }

  @Allow('settings.read')
  @Get('translations/:lang')
  @ApiOkResponse({ type: SiteTranslationReply, description: 'Empty texts while untranslated' })
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Language not found')
  translation(@Param('lang') lang: string): Promise<SiteTranslationReply> {
    return this.settings.translation(lang);
  }

  @Allow('settings.manage')
  @Put('translations/:lang')
  @ApiOkResponse({ type: SiteTranslationReply })
  @ApiFieldErrors()
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Language not found')
  setTranslation(@Param('lang') lang: string, @Body() dto: SiteTranslationDto, @CurrentActor() by: Actor): Promise<SiteTranslationReply> {
    return this.settings.setTranslation(lang, dto, by);
  }

  @Allow('settings.manage')
  @Delete('translations/:lang')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: "Removed: the language's pages show the default name and tagline" })
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Language not found')
  removeTranslation(@Param('lang') lang: string, @CurrentActor() by: Actor): Promise<void> {
    return this.settings.removeTranslation(lang, by);
  }
}
