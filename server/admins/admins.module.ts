import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Admin } from './admin.entity';
import { AdminsController } from './admins.controller';
import { AdminsService } from './admins.service';
import { FirstAdminBootstrap } from './first-admin.bootstrap';
import { RegistrationGuard } from './registration.guard';

@Module({
  imports: [TypeOrmModule.forFeature([Admin])],
  controllers: [AdminsController],
  providers: [AdminsService, RegistrationGuard, FirstAdminBootstrap],
  exports: [AdminsService],
})
export class AdminsModule {}
