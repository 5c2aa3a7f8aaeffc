import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** The form's Preview tab: the About text as it would be rendered (empty text is an empty preview). */
export class PreviewNewsDto {
  @ApiProperty({ maxLength: 20_000 })
  @MaxLength(20_000, { message: 'About must be at most 20000 characters' })
  @IsString({ message: 'About must be text' })
  about: string;
}
