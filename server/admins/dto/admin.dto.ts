import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ROLES, type Role } from '../../roles/permissions';

/** An administrator as replies show them: never a password or its hash. */
@ApiSchema({ name: 'Admin' })
export class AdminDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ enum: ROLES, enumName: 'Role', description: 'What they may do (the roles table in the README)' })
  role: Role;

  @ApiProperty()
  createdAt: Date;
}

/** A row of the administrators' list. */
@ApiSchema({ name: 'AdminRow' })
export class AdminRowDto extends AdminDto {
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null until their first login' })
  lastLoginAt: Date | null;
}

@ApiSchema({ name: 'AdminReply' })
export class AdminReply {
  @ApiProperty()
  admin: AdminDto;
}

@ApiSchema({ name: 'AdminSessionsEnded' })
export class AdminSessionsEndedReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'How many sessions ended' })
  ended: number;
}

/** GET /api/admins/register: whether the register screen can take a registration from a visitor. */
@ApiSchema({ name: 'RegistrationStatus' })
export class RegistrationStatusDto {
  @ApiProperty({ description: 'A visitor who is not logged in may register now (REGISTRATION and, for first-admin, no admin yet)' })
  open: boolean;

  @ApiProperty({
    description:
      'Registration is open and no administrator exists yet: registering makes the first one (the panel opens Register, not Login)',
  })
  firstAdmin: boolean;
}
