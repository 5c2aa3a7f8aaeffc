import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module';
import { Admin } from './admin.entity';
import { AdminsController } from './admins.controller';
import { AdminsService } from './admins.service';
import { FirstAdminBootstrap } from './first-admin.bootstrap';

@Module({
  imports: [TypeOrmModule.forFeature([Admin]), ActivityModule],
  controllers: [AdminsController],
  providers: [AdminsService, FirstAdminBootstrap],
  exports: [AdminsService],
})
export class AdminsModule {}
