import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, MaxLength, ValidateIf } from 'class-validator';
import { StorableText, Trim } from '../../common/validation';
import { REVISION_REASONS, type RevisionReason } from '../revisions.service';

@ApiSchema({ name: 'RevisionAdmin' })
export class RevisionAdminDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;
}

/** One entry of an item's history. */
@ApiSchema({ name: 'Revision' })
export class RevisionDto {
  @ApiProperty({ type: 'integer', description: "Its number in the item's history (grows by one per revision)" })
  seq: number;

  @ApiProperty({ enum: REVISION_REASONS })
  reason: RevisionReason;

  @ApiProperty({ type: [String], description: 'The fields that changed from the copy it replaced' })
  changed: string[];

  @ApiProperty({ type: String, nullable: true, maxLength: 100 })
  label: string | null;

  @ApiProperty({ description: 'Pinned revisions are kept whatever their age' })
  pinned: boolean;

  @ApiProperty({ description: 'This revision is the current live copy' })
  live: boolean;

  @ApiProperty({ description: 'A checkpoint of the working copy, never live' })
  draft: boolean;

  @ApiProperty({ type: 'integer', nullable: true, description: 'The revision a restore came from' })
  restoredFrom: number | null;

  @ApiProperty()
  createdAt: Date;

  @ApiProperty({
    type: RevisionAdminDto,
    nullable: true,
    description: 'Who; null for the command line, a removed admin or a scheduled change',
  })
  admin: RevisionAdminDto | null;
}

/** One revision with the fields it kept. */
@ApiSchema({ name: 'RevisionDetail' })
export class RevisionDetailDto extends RevisionDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: "The item's revisable fields as they were" })
  snapshot: Record<string, unknown>;
}

@ApiSchema({ name: 'RevisionPage' })
export class RevisionPageDto {
  @ApiProperty({ type: [RevisionDto] })
  data: RevisionDto[];

  @ApiProperty({ type: 'integer', nullable: true, description: 'Pass as `before` for the next (older) page; null: none' })
  next: number | null;
}

/** Pin, unpin, label. */
export class MarkRevisionDto {
  @ApiPropertyOptional()
  @IsBoolean({ message: 'Pinned must be true or false' })
  @ValidateIf((_, value) => value !== undefined)
  pinned?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100, description: "'' or null clears it" })
  @MaxLength(100, { message: 'Label must be at most 100 characters' })
  @StorableText('Label')
  @IsString({ message: 'Label must be text' })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @Trim()
  label?: string | null;
}

export const RESTORE_TARGETS = ['draft', 'live'] as const;
export type RestoreTarget = (typeof RESTORE_TARGETS)[number];

export class RestoreRevisionDto {
  @ApiPropertyOptional({ enum: RESTORE_TARGETS, default: 'draft' })
  @IsIn(RESTORE_TARGETS, { message: 'To must be draft or live' })
  @ValidateIf((_, value) => value !== undefined)
  to?: RestoreTarget;
}

@ApiSchema({ name: 'DraftAuthor' })
class DraftAuthorDto extends RevisionAdminDto {}

/** An item's working copy. */
@ApiSchema({ name: 'Draft' })
export class DraftDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: "The working copy's fields" })
  snapshot: Record<string, unknown>;

  @ApiProperty({ type: 'integer', description: "The working copy's own version (+1 per write): its If-Match" })
  version: number;

  @ApiProperty({ type: 'integer', description: 'The live version it started from' })
  baseVersion: number;

  @ApiProperty()
  updatedAt: Date;

  @ApiProperty({ type: DraftAuthorDto, nullable: true })
  updatedBy: DraftAuthorDto | null;

  @ApiProperty({ description: 'The last write was an autosave (no revision)' })
  autosaved: boolean;
}
