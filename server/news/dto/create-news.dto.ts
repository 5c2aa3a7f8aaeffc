import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsNotEmpty, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { NEWS_STATUSES, type NewsStatus } from '../news.entity';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '../../common/slug';
import { StorableText, Trim } from '../../common/validation';
import { PHOTO_PATH, PHOTO_PATH_MESSAGE } from '../news-photos.service';

/**
 * Checked from the decorator nearest the property upwards, first failure only: a missing, null or
 * blank field reads "is required", then anything that is not a string, then length.
 */
export class CreateNewsDto {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @StorableText('Title')
  @IsString({ message: 'Title must be text' })
  @IsNotEmpty({ message: 'Title is required' })
  @Trim()
  title: string;

  @ApiProperty({ minLength: 1, maxLength: 1000 })
  @MaxLength(1000, { message: 'Description must be at most 1000 characters' })
  @StorableText('Description')
  @IsString({ message: 'Description must be text' })
  @IsNotEmpty({ message: 'Description is required' })
  @Trim()
  description: string;

  @ApiProperty({ minLength: 1, maxLength: 20_000 })
  @MaxLength(20_000, { message: 'About must be at most 20000 characters' })
  @StorableText('About')
  @IsString({ message: 'About must be text' })
  @IsNotEmpty({ message: 'About is required' })
  @Trim()
  about: string;

  /** The address; left out, null or blank: made from the title (on a change, from the new title). */
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: `^(?:${SLUG_PATTERN.source.slice(1, -1)})?$`,
    maxLength: MAX_SLUG_LENGTH,
    description: 'Left out, null or empty: made from the title',
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

  /**
   * The photo: a path answered by POST /api/photos (its size is read from the stored file); null
   * takes the photo away; left out, the photo stays as it is.
   */
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
  @ApiPropertyOptional({ enum: NEWS_STATUSES })
  @IsIn(NEWS_STATUSES, { message: 'Status must be draft or published' })
  @ValidateIf((_, value) => value !== undefined)
  status?: NewsStatus;

  /** When a published article goes public (ISO 8601 with an offset); null: at once. */
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    anyOf: [
      { type: 'string', format: 'date-time' },
      { type: 'string', enum: [''] },
    ],
    description: 'When a published article goes public; left out, null or empty: at once',
  })
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'Publish time must be a date and time' })
  @IsString({ message: 'Publish time must be a date and time' })
  @ValidateIf((_, value) => value !== undefined && value !== null && value !== '')
  publishAt?: string | null;
}
