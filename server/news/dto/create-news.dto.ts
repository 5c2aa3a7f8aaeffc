import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { StorableText, Trim } from '../../common/validation';

/**
 * Checked from the decorator nearest the property upwards, first failure only: a missing, null or
 * blank field reads "is required", then anything that is not a string, then length.
 */
export class CreateNewsDto {
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @StorableText('Title')
  @IsString({ message: 'Title must be text' })
  @IsNotEmpty({ message: 'Title is required' })
  @Trim()
  title: string;

  @MaxLength(1000, { message: 'Description must be at most 1000 characters' })
  @StorableText('Description')
  @IsString({ message: 'Description must be text' })
  @IsNotEmpty({ message: 'Description is required' })
  @Trim()
  description: string;

  @MaxLength(20_000, { message: 'About must be at most 20000 characters' })
  @StorableText('About')
  @IsString({ message: 'About must be text' })
  @IsNotEmpty({ message: 'About is required' })
  @Trim()
  about: string;
}
