import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { TranslationStateItem } from '../../translations/translations.module';

/** An article as the API answers it. */
@ApiSchema({ name: 'News' })
export class NewsDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  title: string;

  @ApiProperty()
  description: string;

  @ApiProperty()
  about: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A path on the API host, e.g. /uploads/news/<name>.webp',
    example: '/uploads/news/x.webp',
  })
  photo: string | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'The width of `photo` in pixels; smaller copies, 480 and 960 px wide, sit beside it as <name>-480.webp and <name>-960.webp when narrower',
  })
  photoWidth: number | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'The height of `photo` in pixels' })
  photoHeight: number | null;

  @ApiProperty({ description: 'The address: /news/<slug> on the public site' })
  slug: string;

  @ApiProperty({ type: String, nullable: true, description: "The photo's alternative text" })
  photoAlt: string | null;

  @ApiProperty({ enum: ['draft', 'published'] })
  status: 'draft' | 'published';

  @ApiProperty({ type: Date, nullable: true, description: 'When the article goes public; null: at once' })
  publishAt: Date | null;

  @ApiProperty({
    type: 'integer',
    description: 'Moves on by one with every live change; single reads send it as the ETag, saves may send it back in If-Match',
  })
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

/** An article in the admin list: with its translations' states (issue #41). */
@ApiSchema({ name: 'NewsListItem' })
export class NewsListItemDto extends NewsDto {
  @ApiProperty({
    type: [TranslationStateItem],
    description: "Its translations into the site's languages other than the default, in their order (a language without one is missing)",
  })
  translations: TranslationStateItem[];
}

/** A photo stored by POST /api/photos, for an article's save to name (`photo`). */
@ApiSchema({ name: 'UploadedPhoto' })
export class UploadedPhotoDto {
  @ApiProperty({
    description: 'Its path on the API host; send it as `photo` in POST /api/news or PATCH /api/news/:id',
    example: '/uploads/news/x.webp',
  })
  photo: string;

  @ApiProperty({ type: 'integer', description: 'Its width in pixels (smaller copies beside it as in News.photoWidth)' })
  photoWidth: number;

  @ApiProperty({ type: 'integer' })
  photoHeight: number;
}

/** What a photo may be, with the server's own refusal texts (the client checks a picked file first). */
@ApiSchema({ name: 'PhotoLimits' })
export class PhotoLimitsDto {
  @ApiProperty({ type: 'integer' })
  maxBytes: number;

  @ApiProperty({ type: [String], example: ['image/jpeg', 'image/png', 'image/webp'] })
  types: string[];

  @ApiProperty()
  typeMessage: string;

  @ApiProperty()
  sizeMessage: string;
}

/** One article with its About text rendered (GET /api/news/:id, for the admin detail). */
@ApiSchema({ name: 'NewsDetail' })
export class NewsDetailDto extends NewsDto {
  @ApiProperty({ description: 'About rendered from Markdown: raw HTML escaped, only http(s), mailto and relative links' })
  aboutHtml: string;
}

/** The news form's Preview: the About text rendered. */
@ApiSchema({ name: 'NewsPreview' })
export class NewsPreviewDto {
  @ApiProperty()
  html: string;
}
