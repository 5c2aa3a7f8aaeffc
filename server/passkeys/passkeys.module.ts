import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountModule } from '../account/account.module';
import { ActivityModule } from '../activity/activity.module';
import { AdminsModule } from '../admins/admins.module';
import { SessionsModule } from '../account/sessions.module';
import { MailModule } from '../mail/mail.module';
import { Passkey } from './passkey.entity';
import { PasskeySignInController } from './passkey-sign-in.controller';
import { PasskeySignInService } from './passkey-sign-in.service';
import { PasskeysController } from './passkeys.controller';
import { PasskeysService } from './passkeys.service';

/**
 * Passkeys (WebAuthn): an admin adds them under Your account and signs in with one instead of a
 * password. PasskeysService is exported for the second-factor policy (`countFor`).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Passkey]), AccountModule, ActivityModule, AdminsModule, SessionsModule, MailModule],
  controllers: [PasskeysController, PasskeySignInController],
  providers: [PasskeysService, PasskeySignInService],
  exports: [PasskeysService],
})
export class PasskeysModule {}
