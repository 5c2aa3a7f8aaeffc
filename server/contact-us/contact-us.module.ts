import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module';
import { MailModule } from '../mail/mail.module';
import { ContactMessage } from './contact-message.entity';
import { ContactPostLimitGuard } from './contact-post-limit.guard';
import { ContactUsController } from './contact-us.controller';
import { ContactUsService } from './contact-us.service';

@Module({
  imports: [TypeOrmModule.forFeature([ContactMessage]), ActivityModule, MailModule],
  controllers: [ContactUsController],
  providers: [ContactUsService, ContactPostLimitGuard],
  // The public site's contact form posts through ContactUsService.submit.
  exports: [ContactUsService],
})
export class ContactUsModule {}
