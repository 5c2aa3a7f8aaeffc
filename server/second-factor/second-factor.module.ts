import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountModule } from '../account/account.module';
import { ActivityModule } from '../activity/activity.module';
import { AdminsModule } from '../admins/admins.module';
import { MailModule } from '../mail/mail.module';
import { RecoveryCode } from './recovery-code.entity';
import { SecondFactorController } from './second-factor.controller';
import { SecondFactorService } from './second-factor.service';
import { SecondStepController } from './second-step.controller';
import { Totp } from './totp.entity';
import { TotpService } from './totp.service';

/**
 * The second factor: authenticator codes and recovery codes (Your account), the sign-in's second
 * step, and REQUIRE_SECOND_FACTOR's guard (AppModule places it among the global guards). Exports
 * SecondFactorService, which the login asks whether an admin has one.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Totp, RecoveryCode]), AdminsModule, ActivityModule, MailModule, AccountModule],
  controllers: [SecondFactorController, SecondStepController],
  providers: [SecondFactorService, TotpService],
  exports: [SecondFactorService],
})
export class SecondFactorModule {}
