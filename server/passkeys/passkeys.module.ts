import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountModule } from '../account/account.module';
import { ActivityModule } from '../activity/activity.module';
import { AdminsModule } from '../admins/admins.module';
import { SessionsModule } from '../account/sessions.module';
import { MailModule } from '../mail/mail.module';
import { Passkey } from './passkey.entity';
import { ConfirmationController } from './confirmation.controller';
import { PasskeySignInController } from './passkey-sign-in.controller';
import { PasskeySignInService } from './passkey-sign-in.service';
import { PasskeysController } from './passkeys.controller';
import { PasskeysService } from './passkeys.service';
import { SignInChallenges } from './sign-in-challenge';

/**
 * Passkeys (WebAuthn): an admin adds them under Your account and signs in with one instead of a
 * password. PasskeysService is exported for the second-factor policy (`countFor`).
 * ConfirmationController confirms who the signed-in admin is (a password or a passkey) for lasting changes.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Passkey]), AccountModule, ActivityModule, AdminsModule, SessionsModule, MailModule],
  controllers: [PasskeysController, PasskeySignInController, ConfirmationController],
  providers: [PasskeysService, PasskeySignInService, SignInChallenges],
  exports: [PasskeysService],
})
export class PasskeysModule {}
