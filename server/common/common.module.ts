import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { DatabaseOutage } from '../database/database-health';
import { BodyTypeGuard } from './body-type.guard';
import { RateLimitService } from './rate-limit.service';

@Global()
@Module({
  providers: [RateLimitService, DatabaseOutage, { provide: APP_GUARD, useClass: BodyTypeGuard }],
  exports: [RateLimitService, DatabaseOutage],
})
export class CommonModule {}
