import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module';
import { ServicesController } from './services.controller';
import { ServicesService } from './services.service';
import { Service } from './service.entity';
import { DraftServiceDto } from './dto/draft-service.dto';
import { ServiceDto } from './dto/service.dto';
import { historyController } from '../revisions/revisions.module';
import { translationsController } from '../translations/translations.module';
import { ServiceTranslationDto, ServiceTranslationReply } from './dto/service-translation.dto';

/** /api/services/:id/revisions… and …/draft (issue #36). */
const ServiceHistoryController = historyController('services', ServicesService, ServiceDto, DraftServiceDto);

/** /api/services/:id/translations… (issue #41). */
const ServiceTranslationsController = translationsController('services', ServiceTranslationDto, ServiceTranslationReply);

@Module({
  imports: [TypeOrmModule.forFeature([Service]), ActivityModule],
  controllers: [ServicesController, ServiceHistoryController, ServiceTranslationsController],
  providers: [ServicesService],
  // The public site lists the services through it.
  exports: [ServicesService],
})
export class ServicesModule {}
