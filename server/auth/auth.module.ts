import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AdminsModule } from '../admins/admins.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginGuard, SessionGuard } from './guards';
import { LocalStrategy } from './local.strategy';
import { PASSPORT, passportProvider } from './passport';
import { SessionSerializer } from './session.serializer';
import { SessionStore } from './session-store';

@Module({
  imports: [AdminsModule],
  controllers: [AuthController],
  providers: [
    passportProvider,
    AuthService,
    LocalStrategy,
    SessionSerializer,
    SessionStore,
    LoginGuard,
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [SessionStore, PASSPORT],
})
export class AuthModule {}
