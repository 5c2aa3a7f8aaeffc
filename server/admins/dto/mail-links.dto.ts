import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ROLES, type Role } from '../../roles/permissions';

export const ROLE_MESSAGE = 'Role must be administrator, editor or author';
import { ChangePasswordDto } from './change-password.dto';
import { RegisterAdminDto } from './register-admin.dto';

/** A one-time link's token: any malformed one reads as a link that does not work. */
export const INVALID_LINK = 'This link is not valid any more. Ask for a new one.';

/** POST /api/admins/password-reset: the address, checked as registration checks it. */
export class RequestPasswordResetDto extends PickType(RegisterAdminDto, ['email'] as const) {}

/** POST /api/admins/password-reset/confirm: the new password, under registration's rules. */
export class ConfirmPasswordResetDto extends PickType(ChangePasswordDto, ['newPassword'] as const) {
  @ApiProperty({ minLength: 1, maxLength: 200, description: "The link's token" })
  @MaxLength(200, { message: INVALID_LINK })
  @IsString({ message: INVALID_LINK })
  @IsNotEmpty({ message: INVALID_LINK })
  token: string;
}

/** POST /api/admins/invitations. */
export class CreateInvitationDto extends PickType(RegisterAdminDto, ['email'] as const) {
  @ApiPropertyOptional({ enum: ROLES, enumName: 'Role', description: 'The role the invited person gets (left out: administrator)' })
  @IsOptional()
  @IsIn(ROLES, { message: ROLE_MESSAGE })
  role?: Role;
}

/** PATCH /api/admins/:id: an administrator changes an admin's role. */
export class UpdateAdminDto {
  @ApiProperty({ enum: ROLES, enumName: 'Role' })
  @IsIn(ROLES, { message: ROLE_MESSAGE })
  role: Role;
}

/** POST /api/admins/invitations/accept: the invited person's name and password, as registration takes them. */
export class AcceptInvitationDto extends PickType(RegisterAdminDto, ['name', 'password'] as const) {
  @ApiProperty({ minLength: 1, maxLength: 200, description: "The link's token" })
  @MaxLength(200, { message: INVALID_LINK })
  @IsString({ message: INVALID_LINK })
  @IsNotEmpty({ message: INVALID_LINK })
  token: string;
}

/** PATCH /api/admins/me/preferences. */
export class UpdatePreferencesDto {
  @ApiProperty({ description: 'Email me new contact messages' })
  @IsBoolean({ message: 'Email me new contact messages must be true or false' })
  notifyContactMessages: boolean;
}
