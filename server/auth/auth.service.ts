import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { ActivityService } from '../activity/activity.service';
import { ApiError } from '../common/api-error';
import { ACCOUNT_RULE, ADDRESS_RULE, loginAccountKey, loginAddressKey, RateLimitService } from '../rate-limit/rate-limit.service';
import type { Admin } from '../admins/admin.entity';
import { AdminsService } from '../admins/admins.service';
import { SecondFactorService } from '../second-factor/second-factor.service';

export const INVALID_LOGIN = 'Invalid email or password';

@Injectable()
export class AuthService implements OnModuleInit {
  /** Verified when the email is unknown, so both refusals take the same time. */
  private decoyHash: string;

  constructor(
    private readonly adminsService: AdminsService,
    private readonly rateLimits: RateLimitService,
    private readonly activity: ActivityService,
    private readonly secondFactors: SecondFactorService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.decoyHash = await this.adminsService.hashPassword(randomBytes(16).toString('hex'));
  }

  /**
   * Checks a login. The reply is the same for an unknown email and a wrong password, and both
   * verify one argon2 hash. Every attempt counts against the account and the client address; a
   * successful one clears the account's count and gives its address hit back.
   */
  async validateLogin(email: unknown, password: unknown, address: string): Promise<Admin> {
    if (typeof email !== 'string' || typeof password !== 'string' || email.length > 254 || password.length > 128) {
      throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_LOGIN);
    }
    // PostgreSQL cannot take NUL in text: refused like any body text holding one.
    if (email.includes('\0')) throw ApiError.field('email', 'Email must not contain NUL characters');
    if (password.includes('\0')) throw ApiError.field('password', 'Password must not contain NUL characters');
    const accountKey = loginAccountKey(email);
    const addressKey = loginAddressKey(address);
    const blocked = Math.max(
      await this.rateLimits.blockedFor(accountKey, ACCOUNT_RULE),
      await this.rateLimits.blockedFor(addressKey, ADDRESS_RULE),
    );
    if (blocked > 0) throw ApiError.tooManyAttempts(blocked);

    // The attempt counts before the password is checked, so simultaneous attempts cannot all slip
    // under the limit while each waits for its hash; a successful one gives its hits back below.
    const account = await this.rateLimits.hit(accountKey, ACCOUNT_RULE);
    const byAddress = await this.rateLimits.hit(addressKey, ADDRESS_RULE);
    const over = [account.hits > ACCOUNT_RULE.limit ? account : undefined, byAddress.hits > ADDRESS_RULE.limit ? byAddress : undefined];
    const wait = Math.max(0, ...over.map((hit) => hit?.retryAfterSeconds ?? 0));
    if (wait > 0) throw ApiError.tooManyAttempts(wait);

    const admin = await this.adminsService.findByEmailWithHash(email);
    const valid = await this.adminsService.verifyPassword(admin?.passwordHash ?? this.decoyHash, password);
    if (!admin || !valid) {
      await this.activity.recordFailedSignIn(admin, address);
      throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_LOGIN);
    }
    await this.rateLimits.release(addressKey);
    // With a second factor, half a sign-in: the second step (server/second-factor) clears the count and records it.
    if (await this.secondFactors.hasSecondFactor(admin.id)) return admin;
    await this.rateLimits.reset(accountKey);
    await this.adminsService.recordLogin(admin.id);
    return admin;
  }
}
