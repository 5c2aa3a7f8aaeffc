import { ApiProperty } from '@nestjs/swagger';
import { Allow, IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { StorableText, Trim } from '../../common/validation';

/**
 * The checks run from the decorator nearest the property upwards, and stop at the first failure:
 * "required" first (so a missing field is not called "not text"), then the type, then the bounds.
 */
export class CreateContactMessageDto {
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  @StorableText('Name')
  @IsString({ message: 'Name must be text' })
  @IsNotEmpty({ message: 'Name is required' })
  @Trim()
  name: string;

  /** Optional; empty when absent. */
  @ApiProperty({ required: false, type: String, maxLength: 30, pattern: '^[0-9 +()-]*$' })
  @Matches(/^[0-9 +()-]*$/, { message: 'Phone may contain only digits, spaces and + ( ) -' })
  @MaxLength(30, { message: 'Phone must be at most 30 characters' })
  @StorableText('Phone')
  @IsString({ message: 'Phone must be text' })
  @IsOptional()
  @Trim()
  phno?: string | null;

  @ApiProperty({ format: 'email', maxLength: 254 })
  @IsEmail({}, { message: 'Email must be a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @StorableText('Email')
  @IsString({ message: 'Email must be text' })
  @IsNotEmpty({ message: 'Email is required' })
  @Trim()
  email: string;

  @ApiProperty({ minLength: 1, maxLength: 5000 })
  @MaxLength(5000, { message: 'Message must be at most 5,000 characters' })
  @StorableText('Message')
  @IsString({ message: 'Message must be text' })
  @IsNotEmpty({ message: 'Message is required' })
  @Trim()
  msg: string;

  /**
   * The honeypot: the public form hides this field from people, so only a bot fills it. Any value
   * is accepted here (a type error would tell the bot something); the controller drops the post.
   */
  @ApiProperty({ required: false, type: String, description: 'Leave empty: a hidden field only bots fill in' })
  @Allow()
  website?: unknown;
}
