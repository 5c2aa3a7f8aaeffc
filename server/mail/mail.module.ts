import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsModule } from '../settings/settings.module';
import { MailController } from './mail.controller';
import { MailSender } from './mail-sender.service';
import { OutboxMail } from './outbox-mail.entity';
import { OutboxService } from './outbox.service';

/** Mail through SMTP_URL: the outbox that features add to, and the sender that empties it. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMail]), SettingsModule],
  controllers: [MailController],
  providers: [OutboxService, MailSender],
  exports: [OutboxService],
})
export class MailModule {}
