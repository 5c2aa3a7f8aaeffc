import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { BodyTypeGuard } from './body-type.guard';
import { RateLimitService } from './rate-limit.service';

@Global()
@Module({
  providers: [RateLimitService, { provide: APP_GUARD, useClass: BodyTypeGuard }],
  exports: [RateLimitService],
})
export class CommonModule {}
