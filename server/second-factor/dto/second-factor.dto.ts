import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { ApiSchemaRule } from '../../common/api-docs';

/** Spaces typed inside a code ("123 456", as apps show it) are not part of it. */
const NoSpaces = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s/g, '') : value));

const CODE_FORMAT = 'Enter the 6-digit code from your authenticator app';

/** POST /api/admins/me/totp/confirm: a code from the app, which proves it holds the secret. */
export class ConfirmTotpDto {
  @ApiProperty({ pattern: '^\\d{6}$', description: 'The code the authenticator app shows now' })
  @Matches(/^\d{6}$/, { message: CODE_FORMAT })
  @IsString({ message: CODE_FORMAT })
  @NoSpaces()
  code: string;
}

/** DELETE /api/admins/me/totp: the password, so a session left open cannot take the second factor away. */
export class TurnOffTotpDto {
  @ApiProperty({ minLength: 1, maxLength: 128 })
  @MaxLength(128, { message: 'Password is incorrect' })
  @IsString({ message: 'Password must be text' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;
}

/** POST /api/admins/login/second-factor: a code from the app, or one of the recovery codes (with both, the recovery code counts). */
@ApiSchemaRule({ anyOf: [{ required: ['code'] }, { required: ['recoveryCode'] }] })
export class SecondStepDto {
  @ApiProperty({ required: false, pattern: '^\\d{6}$', description: 'The code the authenticator app shows now' })
  @ValidateIf((dto: SecondStepDto) => dto.recoveryCode === undefined)
  @Matches(/^\d{6}$/, { message: CODE_FORMAT })
  @IsString({ message: CODE_FORMAT })
  @NoSpaces()
  code?: string;

  @ApiProperty({ required: false, maxLength: 40, description: 'One of the recovery codes, instead of a code' })
  @IsOptional()
  @MaxLength(64, { message: 'This is not one of your recovery codes' })
  @IsString({ message: 'Enter one of your recovery codes' })
  @IsNotEmpty({ message: 'Enter one of your recovery codes' })
  recoveryCode?: string;
}

@ApiSchema({ name: 'TotpSetup' })
export class TotpSetupReply {
  @ApiProperty({ description: 'The secret in base32, for typing into the app by hand' })
  secret: string;

  @ApiProperty({ description: 'otpauth://totp/… (what the QR code holds)' })
  otpauthUrl: string;

  @ApiProperty({ description: 'The QR code of otpauthUrl, as a data: URL of an SVG image' })
  qrCode: string;
}

@ApiSchema({ name: 'RecoveryCodes' })
export class RecoveryCodesReply {
  @ApiProperty({ type: [String], description: 'Shown this once; each signs in once instead of a code' })
  recoveryCodes: string[];
}

@ApiSchema({ name: 'SecondFactorStatus' })
export class SecondFactorStatusReply {
  @ApiProperty({ description: 'The admin has a second factor' })
  enabled: boolean;

  @ApiProperty({ description: 'Authenticator codes are on' })
  totp: boolean;

  @ApiProperty({ description: 'Unused recovery codes' })
  recoveryCodesLeft: number;

  @ApiProperty({ description: 'REQUIRE_SECOND_FACTOR: one must be set up before anything else' })
  required: boolean;
}

/** The login's reply when the password was right and a second factor is needed. */
@ApiSchema({ name: 'SecondFactorRequired' })
export class SecondFactorRequiredReply {
  @ApiProperty({ enum: ['required'] })
  twoFactor: 'required';
}
