import { ApiSchema, IntersectionType, PickType } from '@nestjs/swagger';
import { TranslationStateDto, TranslationStateReply } from '../../translations/translations.module';
import { CreateNewsDto } from './create-news.dto';
import { NewsDto } from './news.dto';

/** An article's translation (issue #41): its text fields, checked as an article's are, and its own status. */
@ApiSchema({ name: 'NewsTranslationInput' })
export class NewsTranslationDto extends IntersectionType(
  PickType(CreateNewsDto, ['title', 'slug', 'description', 'about', 'photoAlt'] as const),
  TranslationStateDto,
) {}

/** An article's translation as the API answers it; `slug` is its address under the language's prefix (`/de/news/<slug>`). */
@ApiSchema({ name: 'NewsTranslation' })
export class NewsTranslationReply extends IntersectionType(
  PickType(NewsDto, ['title', 'slug', 'description', 'about', 'photoAlt'] as const),
  TranslationStateReply,
) {}
