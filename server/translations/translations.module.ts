import { Global, Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { SettingsModule } from '../settings/settings.module';
import { TranslationsService } from './translations.service';

/**
 * Translations of content (issue #41), for every translatable kind: global, as the revisions are,
 * so each kind's module declares its routes (translationsController) without importing this one,
 * and the public site and the trash read and remove them through TranslationsService.
 */
@Global()
@Module({
  imports: [SettingsModule, ActivityModule],
  providers: [TranslationsService],
  exports: [TranslationsService],
})
export class TranslationsModule {}

// What the kinds' modules need besides the service, reached through this module (the boundaries' rule).
export { translationsController } from './translations.controller';
export { TranslationStateDto, TranslationStateItem, TranslationStateReply } from './dto/translation.dto';
export { ApiNeedsTranslationQuery, needsTranslationOf } from './needs-translation';
