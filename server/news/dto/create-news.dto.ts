import { IsDefined, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { Trim } from '../../common/validation';

/** PostgreSQL cannot store U+0000 in text; refuse it here rather than fail in the database. */
const NO_NUL = /^[^\u0000]*$/;

/** Checked from the decorator nearest each property upwards: present, text, not blank, short enough. */
export class CreateNewsDto {
  @Matches(NO_NUL, { message: 'Title contains a character that cannot be stored' })
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @IsNotEmpty({ message: 'Title is required' })
  @IsString({ message: 'Title must be text' })
  @IsDefined({ message: 'Title is required' })
  @Trim()
  title: string;

  @Matches(NO_NUL, { message: 'Description contains a character that cannot be stored' })
  @MaxLength(1000, { message: 'Description must be at most 1,000 characters' })
  @IsNotEmpty({ message: 'Description is required' })
  @IsString({ message: 'Description must be text' })
  @IsDefined({ message: 'Description is required' })
  @Trim()
  description: string;

  @Matches(NO_NUL, { message: 'About contains a character that cannot be stored' })
  @MaxLength(20_000, { message: 'About must be at most 20,000 characters' })
  @IsNotEmpty({ message: 'About is required' })
  @IsString({ message: 'About must be text' })
  @IsDefined({ message: 'About is required' })
  @Trim()
  about: string;
}
