import { Global, Module } from '@nestjs/common';
import { RateLimitService } from './rate-limit.service';

/** Login, registration and the contact form count attempts here. */
@Global()
@Module({
  providers: [RateLimitService],
  exports: [RateLimitService],
})
export class RateLimitModule {}
