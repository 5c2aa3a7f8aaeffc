import { ApiSchema, IntersectionType, PickType } from '@nestjs/swagger';
import { TranslationStateDto, TranslationStateReply } from '../../translations/translations.module';
import { CreatePageDto } from './create-page.dto';
import { PageDto } from './page.dto';

/**
 * A page's translation (issue #41): its text fields, checked as a page's are (a reserved address is
 * refused as in the default language), and its own status.
 */
@ApiSchema({ name: 'PageTranslationInput' })
export class PageTranslationDto extends IntersectionType(
  PickType(CreatePageDto, ['title', 'slug', 'description', 'body', 'photoAlt'] as const),
  TranslationStateDto,
) {}

/** A page's translation as the API answers it; `slug` is its address under the language's prefix (`/de/<slug>`). */
@ApiSchema({ name: 'PageTranslation' })
export class PageTranslationReply extends IntersectionType(
  PickType(PageDto, ['title', 'slug', 'description', 'body', 'photoAlt'] as const),
  TranslationStateReply,
) {}
