import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { StorableText, Trim } from '../../common/validation';

/**
 * Checked from the decorator nearest the property upwards, first failure only: a missing or null
 * field reads "is required" (not "must be text"), then anything that is not a string, then length.
 */
export class CreateServiceDto {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @StorableText('Title')
  @IsString({ message: 'Title must be text' })
  @IsNotEmpty({ message: 'Title is required' })
  @Trim()
  title: string;

  @ApiProperty({ minLength: 1, maxLength: 5000 })
  @MaxLength(5000, { message: 'About must be at most 5000 characters' })
  @StorableText('About')
  @IsString({ message: 'About must be text' })
  @IsNotEmpty({ message: 'About is required' })
  @Trim()
  about: string;
}
