import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsString, MaxLength, ValidateIf } from 'class-validator';
import { StorableText } from '../../common/validation';

const present = (_: unknown, value: unknown) => value !== undefined && value !== null;

/** A service's working copy (PUT /api/services/:id/draft): types and lengths checked, emptiness not. */
@ApiSchema({ name: 'ServiceDraftInput' })
export class DraftServiceDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @StorableText('Title')
  @IsString({ message: 'Title must be text' })
  @ValidateIf(present)
  title?: string;

  @ApiPropertyOptional({ maxLength: 5000 })
  @MaxLength(5000, { message: 'About must be at most 5000 characters' })
  @StorableText('About')
  @IsString({ message: 'About must be text' })
  @ValidateIf(present)
  about?: string;

  @ApiPropertyOptional({ description: 'The explicit Save draft: also writes a `saved` revision' })
  @IsBoolean({ message: 'Checkpoint must be true or false' })
  @ValidateIf((_, value) => value !== undefined)
  checkpoint?: boolean;
}
