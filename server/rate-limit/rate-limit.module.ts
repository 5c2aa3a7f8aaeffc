import { Global, Module } from '@nestjs/common';
import { LoginLockoutService } from './login-lockout.service';
import { RateLimitService } from './rate-limit.service';

/** Login, registration and the contact form count attempts here; the login lockout and its device cookies too. */
@Global()
@Module({
  providers: [RateLimitService, LoginLockoutService],
  exports: [RateLimitService, LoginLockoutService],
})
export class RateLimitModule {}
