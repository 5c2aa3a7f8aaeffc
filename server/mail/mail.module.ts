import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module';
import { SettingsModule } from '../settings/settings.module';
import { MailController } from './mail.controller';
import { MailSender } from './mail-sender.service';
import { MailSettingsService } from './mail-settings.service';
import { OutboxMail } from './outbox-mail.entity';
import { OutboxService } from './outbox.service';

/** Mail through SMTP_URL or Settings → Mail: the outbox that features add to, and the sender that empties it. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMail]), SettingsModule, ActivityModule],
  controllers: [MailController],
  providers: [OutboxService, MailSender, MailSettingsService],
  exports: [OutboxService],
})
export class MailModule {}
