import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { NotGuessable } from '../../common/validation';

/** The admin's own password change: the current one proves it is them, the new one is checked like registration's. */
export class ChangePasswordDto {
  @ApiProperty({ minLength: 1, maxLength: 128 })
  @MaxLength(128, { message: 'Current password is incorrect' })
  @IsString({ message: 'Current password must be text' })
  @IsNotEmpty({ message: 'Current password is required' })
  currentPassword: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @NotGuessable()
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  @MinLength(8, { message: 'Password must be at least 8 characters' })
  @IsString({ message: 'Password must be text' })
  @IsNotEmpty({ message: 'Password is required' })
  newPassword: string;

  @ApiProperty({
    required: false,
    description: 'Also remove every passkey of the account (as a password reset does), for when someone else may have added one',
  })
  @IsOptional()
  @IsBoolean({ message: 'Remove passkeys must be true or false' })
  removePasskeys?: boolean;
}
