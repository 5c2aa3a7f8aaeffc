import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'Preferences' })
export class PreferencesDto {
  @ApiProperty({ description: 'Email me new contact messages' })
  notifyContactMessages: boolean;

  @ApiProperty({ description: 'Whether mail is on at all' })
  mailEnabled: boolean;
}

@ApiSchema({ name: 'PasswordResetAvailability' })
export class PasswordResetAvailability {
  @ApiProperty({ description: 'Mail is on, so a reset link can be sent' })
  available: boolean;
}

@ApiSchema({ name: 'Empty', description: 'The same empty body whatever the address.' })
export class EmptyReply {}

@ApiSchema({ name: 'Inviter' })
export class InviterDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  id: string | null;

  @ApiProperty({ type: String, nullable: true })
  name: string | null;
}

@ApiSchema({ name: 'Invitation' })
export class InvitationDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ enum: ['administrator', 'editor', 'author'], enumName: 'Role' })
  role: string;

  @ApiProperty()
  invitedBy: InviterDto;

  @ApiProperty()
  createdAt: Date;

  @ApiProperty()
  expiresAt: Date;
}

@ApiSchema({ name: 'InvitationReply' })
export class InvitationReply {
  @ApiProperty()
  invitation: InvitationDto;
}

@ApiSchema({ name: 'Invitations' })
export class InvitationsReply {
  @ApiProperty({ type: [InvitationDto] })
  data: InvitationDto[];

  @ApiProperty({ description: 'Whether mail is on (inviting needs it)' })
  mailEnabled: boolean;
}
