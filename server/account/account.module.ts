import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { SessionsModule } from './sessions.module';
import { AccountSessionsController } from './account-sessions.controller';
import { AccountSessionsService } from './account-sessions.service';
import { SignInService } from './sign-in.service';

/** The signed-in admin's own sessions: how each begins (SignInService ends every sign-in), and Your sessions (listing and ending them). */
@Module({
  imports: [ActivityModule, SessionsModule],
  controllers: [AccountSessionsController],
  providers: [AccountSessionsService, SignInService],
  exports: [SignInService],
})
export class AccountModule {}
