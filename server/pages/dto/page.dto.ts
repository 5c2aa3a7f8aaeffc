import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { TranslationStateItem } from '../../translations/translations.module';
import { MAX_BODY_LENGTH } from './create-page.dto';

/** A page as the API answers it. */
@ApiSchema({ name: 'Page' })
export class PageDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  title: string;

  @ApiProperty({ description: 'The address: /<slug> on the public site' })
  slug: string;

  @ApiProperty()
  description: string;

  @ApiProperty({ description: 'Markdown' })
  body: string;

  @ApiProperty({ type: String, nullable: true, description: 'A path on the API host (POST /api/photos)', example: '/uploads/news/x.webp' })
  photo: string | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'The width of `photo` in pixels (smaller copies beside it as for News)' })
  photoWidth: number | null;

  @ApiProperty({ type: 'integer', nullable: true })
  photoHeight: number | null;

  @ApiProperty({ type: String, nullable: true, description: "The photo's alternative text" })
  photoAlt: string | null;

  @ApiProperty({ enum: ['draft', 'published'] })
  status: 'draft' | 'published';

  @ApiProperty({ type: Date, nullable: true, description: 'When the page goes public; null: at once' })
  publishAt: Date | null;

  @ApiProperty({ type: 'integer', description: 'Moves on by one with every live change (the ETag; If-Match on saves)' })
  version: number;

  @ApiProperty({ description: 'It has a working copy (unpublished changes) that visitors do not see' })
  hasDraft: boolean;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The admin who created it; null for one from before roles' })
  createdBy: string | null;

  @ApiProperty({
    type: String,
    enum: ['submitted', 'returned'],
    nullable: true,
    description: 'Submitted for review (waiting for an editor), or returned with `reviewNote`; null otherwise',
  })
  review: 'submitted' | 'returned' | null;

  @ApiProperty({ type: String, nullable: true, description: 'The note it was sent back with' })
  reviewNote: string | null;

  @ApiProperty()
  createdAt: Date;

  @ApiProperty()
  updatedAt: Date;
}

/** A page in the admin list: with its translations' states (issue #41). */
@ApiSchema({ name: 'PageListItem' })
export class PageListItemDto extends PageDto {
  @ApiProperty({
    type: [TranslationStateItem],
    description: "Its translations into the site's languages other than the default, in their order (a language without one is missing)",
  })
  translations: TranslationStateItem[];
}

/** One page with its body rendered (GET /api/pages/:id). */
@ApiSchema({ name: 'PageDetail' })
export class PageDetailDto extends PageDto {
  @ApiProperty({ description: 'Body rendered from Markdown: raw HTML escaped, only http(s), mailto and relative links' })
  bodyHtml: string;
}

/** The page form's Preview tab: the body as the public page renders it; nothing is saved. */
export class PreviewPageDto {
  @ApiProperty({ maxLength: MAX_BODY_LENGTH })
  @MaxLength(MAX_BODY_LENGTH, { message: `Body must be at most ${MAX_BODY_LENGTH} characters` })
  @IsString({ message: 'Body must be text' })
  body: string;
}

@ApiSchema({ name: 'PagePreview' })
export class PagePreviewDto {
  @ApiProperty()
  html: string;
}
