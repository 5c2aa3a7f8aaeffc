import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsString, ValidateIf } from 'class-validator';
import { RevisionAdminDto } from '../../revisions/revisions.module';

export const TRANSLATION_STATUSES = ['draft', 'published'] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

/** Why a translation's history has an entry: an item's reasons but a restore, and its delete. */
export const TRANSLATION_REVISION_REASONS = ['created', 'saved', 'published', 'unpublished', 'deleted'] as const;
export type TranslationRevisionReason = (typeof TRANSLATION_REVISION_REASONS)[number];

/**
 * A translation's own state (issue #41), beside the kind's text fields (each kind's translation
 * DTO picks those from its own create DTO): German published while French is a draft.
 */
export class TranslationStateDto {
  /** Left out: published. */
  @ApiPropertyOptional({ enum: TRANSLATION_STATUSES, description: 'Left out: published' })
  @IsIn(TRANSLATION_STATUSES, { message: 'Status must be draft or published' })
  @ValidateIf((_, value) => value !== undefined)
  status?: TranslationStatus;

  /** When a published translation goes public (ISO 8601 with an offset); null: at once. */
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    anyOf: [
      { type: 'string', format: 'date-time' },
      { type: 'string', enum: [''] },
    ],
    description: 'When the published translation goes public; left out, null or empty: at once',
  })
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'Publish time must be a date and time' })
  @IsString({ message: 'Publish time must be a date and time' })
  @ValidateIf((_, value) => value !== undefined && value !== null && value !== '')
  publishAt?: string | null;
}

/** What every translation's reply has besides its text fields. */
export class TranslationStateReply {
  @ApiProperty({ description: 'The language code', example: 'de' })
  lang: string;

  @ApiProperty({ enum: TRANSLATION_STATUSES })
  status: TranslationStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it goes public; null: at once' })
  publishAt: Date | null;

  @ApiProperty({ description: 'The default-language text has changed since this translation was saved: it needs a look' })
  outdated: boolean;

  @ApiProperty({ type: 'integer', description: "The item's version (its ETag) whose text this translation was made from" })
  sourceVersion: number;

  @ApiProperty({ type: 'integer', description: 'Moves on by one with every save of the translation' })
  version: number;

  @ApiProperty()
  updatedAt: Date;

  @ApiProperty({ description: 'A working copy of it waits, not on the site (GET …/draft)' })
  hasDraft: boolean;
}

/** A published translation's working copy (issue #41 with #36): its text, not on the site until published. */
@ApiSchema({ name: 'TranslationDraft' })
export class TranslationDraftDto {
  @ApiProperty({ description: 'The language code', example: 'de' })
  lang: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', nullable: true },
    description: "Its text fields by name (the address as `slug`), as the translation's PUT takes them",
  })
  fields: Record<string, string | null>;

  @ApiProperty({ type: 'integer', description: 'Moves on by one with every save of the working copy (its If-Match)' })
  version: number;

  @ApiProperty()
  updatedAt: Date;

  @ApiProperty({ type: RevisionAdminDto, nullable: true, description: 'Who saved it last; null for an admin removed since' })
  updatedBy: RevisionAdminDto | null;
}

/** A translation's state on an admin list's item: the list's per-language chips. */
@ApiSchema({ name: 'TranslationState' })
export class TranslationStateItem {
  @ApiProperty({ description: 'The language code', example: 'de' })
  lang: string;

  @ApiProperty({ enum: TRANSLATION_STATUSES })
  status: TranslationStatus;

  @ApiProperty({ description: 'The default-language text has changed since this translation was saved' })
  outdated: boolean;
}

/** One entry of a translation's history (issue #41 with #36). */
@ApiSchema({ name: 'TranslationRevision' })
export class TranslationRevisionDto {
  @ApiProperty({ type: 'integer', description: 'Its number in this translation’s history, from 1' })
  seq: number;

  @ApiProperty({ enum: TRANSLATION_REVISION_REASONS })
  reason: TranslationRevisionReason;

  @ApiProperty({ type: [String], description: 'The fields this save changed (none for the first one and a delete)' })
  changed: string[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', nullable: true },
    description: 'The translation as it was: its text fields (the address as `slug`), `status` and `publishAt`',
  })
  snapshot: Record<string, string | null>;

  @ApiProperty()
  createdAt: Date;

  @ApiProperty({
    type: RevisionAdminDto,
    nullable: true,
    description: 'Who; null for an admin removed since, or from before the history',
  })
  admin: RevisionAdminDto | null;
}
