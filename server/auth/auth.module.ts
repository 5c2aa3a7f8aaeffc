import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { ActivityModule } from '../activity/activity.module';
import { AdminsModule } from '../admins/admins.module';
import { SecondFactorModule } from '../second-factor/second-factor.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { passportProvider } from './passport';
import { SessionAdminService } from './session-admin.service';
import { SessionsModule } from '../account/sessions.module';

/**
 * Login, logout and who is logged in: configureApp mounts SessionAdminService's handler (the
 * session and Passport) on the API, and the public site asks it who previews the site.
 */
@Module({
  imports: [AdminsModule, ActivityModule, SessionsModule, AccountModule, SecondFactorModule],
  controllers: [AuthController],
  providers: [passportProvider, AuthService, SessionAdminService],
  exports: [SessionAdminService],
})
export class AuthModule {}
