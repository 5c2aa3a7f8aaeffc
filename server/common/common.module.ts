import { Global, Module } from '@nestjs/common';
import { DatabaseOutage } from '../database/database-health';
import { RateLimitService } from './rate-limit.service';

@Global()
@Module({
  providers: [RateLimitService, DatabaseOutage],
  exports: [RateLimitService, DatabaseOutage],
})
export class CommonModule {}
