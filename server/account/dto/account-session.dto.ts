import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** One of the signed-in admin's sessions, as Your sessions lists it. */
@ApiSchema({ name: 'AccountSession' })
export class AccountSessionDto {
  @ApiProperty({
    pattern: '^[0-9a-f]{32}$',
    description: 'An opaque id of the session (not the session id, which is a secret): the one to end it by',
  })
  id: string;

  @ApiProperty({ type: String, nullable: true, description: 'The browser and its major version, from the User-Agent; null when unknown' })
  browser: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The operating system, from the User-Agent; null when unknown' })
  os: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The address it signed in from' })
  address: string | null;

  @ApiProperty({ description: 'When it signed in' })
  createdAt: Date;

  @ApiProperty({ description: 'Its last request, to the minute' })
  lastSeenAt: Date;

  @ApiProperty({ description: 'This is the session making the request' })
  current: boolean;
}

@ApiSchema({ name: 'AccountSessions' })
export class AccountSessionsReply {
  @ApiProperty({ type: [AccountSessionDto], description: 'This session first, then the most recently seen' })
  data: AccountSessionDto[];
}

@ApiSchema({ name: 'EndedSessions' })
export class EndedSessionsReply {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'How many sessions ended' })
  ended: number;
}

@ApiSchema({ name: 'EndedSession' })
export class EndedSessionReply {
  @ApiProperty({ pattern: '^[0-9a-f]{32}$' })
  id: string;
}
