import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsISO8601, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '../../common/slug';
import { StorableText, Trim } from '../../common/validation';
import { PHOTO_PATH, PHOTO_PATH_MESSAGE } from '../../news/news-photos.service';
import { PAGE_STATUSES, type PageStatus } from '../page.entity';
import { MAX_BODY_LENGTH } from './create-page.dto';

const present = (_: unknown, value: unknown) => value !== undefined && value !== null;
const filled = (_: unknown, value: unknown) => value !== undefined && value !== null && value !== '';

/** A page's working copy (PUT /api/pages/:id/draft): as DraftNewsDto, every field optional, emptiness not checked. */
@ApiSchema({ name: 'PageDraftInput' })
export class DraftPageDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @StorableText('Title')
  @IsString({ message: 'Title must be text' })
  @ValidateIf(present)
  title?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_SLUG_LENGTH })
  @Matches(SLUG_PATTERN, { message: 'Address may use only lower-case letters a–z, digits and single hyphens between words' })
  @MaxLength(MAX_SLUG_LENGTH, { message: `Address must be at most ${MAX_SLUG_LENGTH} characters` })
  @IsString({ message: 'Address must be text' })
  @ValidateIf(filled)
  @Trim()
  slug?: string | null;

  @ApiPropertyOptional({ maxLength: 1000 })
  @MaxLength(1000, { message: 'Description must be at most 1000 characters' })
  @StorableText('Description')
  @IsString({ message: 'Description must be text' })
  @ValidateIf(present)
  description?: string;

  @ApiPropertyOptional({ maxLength: MAX_BODY_LENGTH })
  @MaxLength(MAX_BODY_LENGTH, { message: `Body must be at most ${MAX_BODY_LENGTH} characters` })
  @StorableText('Body')
  @IsString({ message: 'Body must be text' })
  @ValidateIf(present)
  body?: string;

  @ApiPropertyOptional({ type: String, nullable: true, pattern: PHOTO_PATH.source })
  @Matches(PHOTO_PATH, { message: PHOTO_PATH_MESSAGE })
  @IsString({ message: PHOTO_PATH_MESSAGE })
  @ValidateIf(present)
  photo?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 })
  @MaxLength(200, { message: 'Alternative text must be at most 200 characters' })
  @StorableText('Alternative text')
  @IsString({ message: 'Alternative text must be text' })
  @ValidateIf(present)
  photoAlt?: string | null;

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
  })
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'Publish time must be a date and time' })
  @IsString({ message: 'Publish time must be a date and time' })
  @ValidateIf(filled)
  publishAt?: string | null;

  @ApiPropertyOptional({ description: 'The explicit Save draft: also writes a `saved` revision' })
  @IsBoolean({ message: 'Checkpoint must be true or false' })
  @ValidateIf((_, value) => value !== undefined)
  checkpoint?: boolean;
}
