import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module';
import { ServicesController } from './services.controller';
import { ServicesService } from './services.service';
import { Service } from './service.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Service]), ActivityModule],
  controllers: [ServicesController],
  providers: [ServicesService],
  // The public site lists the services through it.
  exports: [ServicesService],
})
export class ServicesModule {}
