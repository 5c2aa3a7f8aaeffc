import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { MailSettingsDto } from './mail-settings.dto';

@ApiSchema({ name: 'MailConnection', description: "This replica's last word from the SMTP server." })
export class MailConnectionDto {
  @ApiProperty()
  ok: boolean;

  @ApiProperty({ format: 'date-time' })
  checkedAt: string;

  @ApiProperty({ type: String, nullable: true })
  error: string | null;
}

@ApiSchema({ name: 'FailedMail' })
export class FailedMailDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    enum: ['contact-message', 'password-reset', 'invitation', 'password-changed', 'second-factor', 'passkey', 'test', 'email-change'],
  })
  kind: string;

  @ApiProperty()
  recipient: string;

  @ApiProperty()
  subject: string;

  @ApiProperty({ type: String, nullable: true })
  reason: string | null;

  @ApiProperty({ type: 'integer' })
  attempts: number;

  @ApiProperty()
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  failedAt: Date | null;
}

@ApiSchema({ name: 'MailStatus', description: 'Mail on or off, its server (never its credentials), mail waiting, the latest failures.' })
export class MailStatusDto {
  @ApiProperty()
  enabled: boolean;

  @ApiProperty({
    type: String,
    enum: ['env', 'panel'],
    nullable: true,
    description: "env: the server's SMTP_URL, which wins over Settings → Mail; panel: Settings → Mail; null: mail is off",
  })
  source: 'env' | 'panel' | null;

  @ApiProperty({ type: MailSettingsDto, nullable: true, description: 'What Settings → Mail saved, also when SMTP_URL wins over it' })
  settings: MailSettingsDto | null;

  @ApiProperty({ type: String, nullable: true })
  from: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'smtp://mail.example.com:587' })
  server: string | null;

  @ApiProperty({ type: MailConnectionDto, nullable: true })
  connection: MailConnectionDto | null;

  @ApiProperty({ type: 'integer' })
  due: number;

  @ApiProperty({ type: [FailedMailDto] })
  failed: FailedMailDto[];
}

@ApiSchema({ name: 'TestMailReply' })
export class TestMailReply {
  @ApiProperty()
  to: string;
}
