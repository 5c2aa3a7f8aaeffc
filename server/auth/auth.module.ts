import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ActivityModule } from '../activity/activity.module';
import { AdminsModule } from '../admins/admins.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { passportProvider } from './passport';
import { SessionAdminService } from './session-admin.service';
import { SessionChangesSettled } from './session-changes.interceptor';
import { SessionGuard } from './session.guard';
import { SessionStore } from './session-store.service';

/**
 * Login, logout and the session; configureApp mounts the session store and Passport made here.
 * SessionAdminService tells who is logged in outside the API (the public site's preview).
 */
@Module({
  imports: [AdminsModule, ActivityModule],
  controllers: [AuthController],
  providers: [
    passportProvider,
    AuthService,
    SessionStore,
    SessionAdminService,
    { provide: APP_GUARD, useClass: SessionGuard },
    { provide: APP_INTERCEPTOR, useClass: SessionChangesSettled },
  ],
  exports: [SessionAdminService],
})
export class AuthModule {}
