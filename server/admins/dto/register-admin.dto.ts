import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { StorableText, Trim, NotGuessable } from '../../common/validation';

/** Checked from the decorator nearest the property upwards: missing, then not text, then length. */
export class RegisterAdminDto {
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  @StorableText('Name')
  @IsString({ message: 'Name must be text' })
  @IsNotEmpty({ message: 'Name is required' })
  @Trim()
  name: string;

  @ApiProperty({ format: 'email', maxLength: 254 })
  @IsEmail({}, { message: 'Email must be a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @StorableText('Email')
  @IsString({ message: 'Email must be text' })
  @IsNotEmpty({ message: 'Email is required' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  email: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @NotGuessable('email')
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  @MinLength(8, { message: 'Password must be at least 8 characters' })
  @StorableText('Password')
  @IsString({ message: 'Password must be text' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;

  /** The one-time setup token of a fresh production deployment (checked by RegistrationGuard). */
  @ApiProperty({ required: false, maxLength: 200, description: 'The one-time setup token of a fresh production deployment' })
  @MaxLength(200, { message: 'Setup token must be at most 200 characters' })
  @IsString({ message: 'Setup token must be text' })
  @IsOptional()
  setupToken?: string;
}
