import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'Preferences' })
export class PreferencesDto {
  @ApiProperty({ description: 'Email me new contact messages' })
  notifyContactMessages: boolean;

  @ApiProperty({ description: 'Whether mail is on at all' })
  mailEnabled: boolean;

  @ApiProperty({
    type: String,
    format: 'email',
    nullable: true,
    description: 'A new email waiting for its link to be opened (within the hour)',
  })
  pendingEmail: string | null;
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

  @ApiProperty({ required: false, description: 'With delivery link only: the one-time link to hand over (shown once, never stored)' })
  link?: string;
}

@ApiSchema({ name: 'IssuedPasswordReset' })
export class IssuedPasswordReset {
  @ApiProperty({ required: false, description: 'With delivery link only: the one-time link to hand over (shown once, never stored)' })
  link?: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt: string;
}

@ApiSchema({ name: 'Invitations' })
export class InvitationsReply {
  @ApiProperty({ type: [InvitationDto] })
  data: InvitationDto[];

  @ApiProperty({ description: 'Whether mail is on (inviting needs it)' })
  mailEnabled: boolean;
}
