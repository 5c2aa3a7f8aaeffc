import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountModule } from '../account/account.module';
import { ActivityModule } from '../activity/activity.module';
import { SessionsModule } from '../account/sessions.module';
import { MailModule } from '../mail/mail.module';
import { Admin } from './admin.entity';
import { AdminToken } from './admin-token.entity';
import { AdminsController } from './admins.controller';
import { AdminsService } from './admins.service';
import { EmailChangeService } from './email-change.service';
import { FirstAdminBootstrap } from './first-admin.bootstrap';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { AdminPasswordResetController, PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';

@Module({
  imports: [TypeOrmModule.forFeature([Admin, AdminToken]), ActivityModule, SessionsModule, AccountModule, MailModule],
  // Before AdminsController, whose `:id` routes would otherwise be tried first.
  controllers: [PasswordResetController, AdminPasswordResetController, InvitationsController, AdminsController],
  providers: [AdminsService, FirstAdminBootstrap, PasswordResetService, InvitationsService, EmailChangeService],
  exports: [AdminsService],
})
export class AdminsModule {}
