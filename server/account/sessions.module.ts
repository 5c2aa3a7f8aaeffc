import { Module } from '@nestjs/common';
import { SessionsService } from './sessions.service';

/** The one way to end sessions, for auth (logout) and admins (a removal, a password change). */
@Module({ providers: [SessionsService], exports: [SessionsService] })
export class SessionsModule {}
