import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { StorableText, Trim } from '../../common/validation';

const SECURITY = ['starttls', 'tls', 'none'] as const;

@ApiSchema({ name: 'MailSettings', description: 'Mail as saved in Settings → Mail: never the password, only whether one is set.' })
export class MailSettingsDto {
  @ApiProperty()
  host: string;

  @ApiProperty({ type: 'integer' })
  port: number;

  @ApiProperty({
    enum: SECURITY,
    description: 'starttls: STARTTLS required; tls: TLS from the start (smtps); none: a local relay without encryption, chosen explicitly',
  })
  security: (typeof SECURITY)[number];

  @ApiProperty({ description: 'Empty: the server takes mail without a login' })
  username: string;

  @ApiProperty()
  passwordSet: boolean;

  @ApiProperty({ example: 'Company <site@example.com>' })
  from: string;
}

@ApiSchema({ name: 'MailSettingsInput' })
export class UpdateMailSettingsDto {
  @ApiProperty({ minLength: 1, maxLength: 253, example: 'mail.example.com' })
  @Matches(/^[A-Za-z0-9.\-:]+$/, { message: 'Server must be a host name or an address, such as mail.example.com' })
  @MaxLength(253, { message: 'Server must be at most 253 characters' })
  @IsString({ message: 'Server must be text' })
  @IsNotEmpty({ message: 'Server is required' })
  @Trim()
  host: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 65535, example: 587 })
  @Max(65535, { message: 'Port must be between 1 and 65535' })
  @Min(1, { message: 'Port must be between 1 and 65535' })
  @IsInt({ message: 'Port must be a whole number' })
  port: number;

  @ApiProperty({ enum: SECURITY })
  @IsIn(SECURITY, { message: 'Security must be starttls, tls or none' })
  security: (typeof SECURITY)[number];

  @ApiPropertyOptional({ maxLength: 254, description: 'Empty or absent: no login' })
  @MaxLength(254, { message: 'User must be at most 254 characters' })
  @StorableText('User')
  @IsString({ message: 'User must be text' })
  @IsOptional()
  @Trim()
  username?: string;

  @ApiPropertyOptional({
    maxLength: 500,
    description: 'Absent: the saved password stays. Empty: no password. Stored encrypted, never sent back.',
  })
  @MaxLength(500, { message: 'Password must be at most 500 characters' })
  @IsString({ message: 'Password must be text' })
  @IsOptional()
  password?: string;

  @ApiProperty({ maxLength: 254, example: 'Company <site@example.com>' })
  @MaxLength(254, { message: 'Sender must be at most 254 characters' })
  @StorableText('Sender')
  @IsString({ message: 'Sender must be text' })
  @IsNotEmpty({ message: 'Sender is required' })
  @Trim()
  from: string;
}
