import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module';
import { ContactMessage } from './contact-message.entity';
import { ContactMessageLimit, ContactPostLimitGuard } from './contact-post-limit.guard';
import { ContactUsController } from './contact-us.controller';
import { ContactUsService } from './contact-us.service';

@Module({
  imports: [TypeOrmModule.forFeature([ContactMessage]), ActivityModule],
  controllers: [ContactUsController],
  providers: [ContactUsService, ContactPostLimitGuard, ContactMessageLimit],
})
export class ContactUsModule {}
