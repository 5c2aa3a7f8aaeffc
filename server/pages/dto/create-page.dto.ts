import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsNotEmpty, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '../../common/slug';
import { StorableText, Trim } from '../../common/validation';
import { PHOTO_PATH, PHOTO_PATH_MESSAGE } from '../../news/news-photos.service';
import { PAGE_STATUSES, type PageStatus } from '../page.entity';

/** A page's text may be long (a privacy policy): at most this many characters. */
export const MAX_BODY_LENGTH = 50_000;

/** As CreateNewsDto checks (first failure only: required, then type, then length), with `body` for the text. */
export class CreatePageDto {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @StorableText('Title')
  @IsString({ message: 'Title must be text' })
  @IsNotEmpty({ message: 'Title is required' })
  @Trim()
  title: string;

  @ApiProperty({ minLength: 1, maxLength: 1000, description: 'For search engines and social cards' })
  @MaxLength(1000, { message: 'Description must be at most 1000 characters' })
  @StorableText('Description')
  @IsString({ message: 'Description must be text' })
  @IsNotEmpty({ message: 'Description is required' })
  @Trim()
  description: string;

  @ApiProperty({ minLength: 1, maxLength: MAX_BODY_LENGTH, description: 'Markdown' })
  @MaxLength(MAX_BODY_LENGTH, { message: `Body must be at most ${MAX_BODY_LENGTH} characters` })
  @StorableText('Body')
  @IsString({ message: 'Body must be text' })
  @IsNotEmpty({ message: 'Body is required' })
  @Trim()
  body: string;

  /** The address `/<slug>`; left out, null or blank: made from the title. A reserved one (`news`, `admin`…) is refused. */
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: `^(?:${SLUG_PATTERN.source.slice(1, -1)})?$`,
    maxLength: MAX_SLUG_LENGTH,
    description:
      'The address /<slug>. Left out, null or empty: made from the title (a title whose slug the site uses itself gets a suffix: news-2). A slug the site or the app uses (news, services, contact, admin, api, uploads, assets, sitemap.xml, robots.txt…) is a 400 on slug',
  })
  @Matches(SLUG_PATTERN, { message: 'Address may use only lower-case letters a–z, digits and single hyphens between words' })
  @MaxLength(MAX_SLUG_LENGTH, { message: `Address must be at most ${MAX_SLUG_LENGTH} characters` })
  @IsString({ message: 'Address must be text' })
  @ValidateIf((_, value) => value !== undefined && value !== null && value !== '')
  @Trim()
  slug?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, description: "The photo's alternative text" })
  @MaxLength(200, { message: 'Alternative text must be at most 200 characters' })
  @StorableText('Alternative text')
  @IsString({ message: 'Alternative text must be text' })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @Trim()
  photoAlt?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: PHOTO_PATH.source,
    description: 'A path answered by POST /api/photos; null: no photo; left out: unchanged',
    example: '/uploads/news/0b5c4f8e-3d1a-4c53-9a0e-2f6f1d7a9b10.webp',
  })
  @Matches(PHOTO_PATH, { message: PHOTO_PATH_MESSAGE })
  @IsString({ message: PHOTO_PATH_MESSAGE })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  photo?: string | null;

  /** Left out: published. */
  @ApiPropertyOptional({ enum: PAGE_STATUSES })
  @IsIn(PAGE_STATUSES, { message: 'Status must be draft or published' })
  @ValidateIf((_, value) => value !== undefined)
  status?: PageStatus;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    anyOf: [
      { type: 'string', format: 'date-time' },
      { type: 'string', enum: [''] },
    ],
    description: 'When a published page goes public; left out, null or empty: at once',
  })
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'Publish time must be a date and time' })
  @IsString({ message: 'Publish time must be a date and time' })
  @ValidateIf((_, value) => value !== undefined && value !== null && value !== '')
  publishAt?: string | null;
}
