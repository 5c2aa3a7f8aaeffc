import { limitKey } from '../http/client-address';
import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { ActivityService } from '../activity/activity.service';
import { ApiError } from '../common/api-error';
import { RateLimitService, type RateLimitRule } from '../rate-limit/rate-limit.service';
import type { Admin } from '../admins/admin.entity';
import { AdminsService } from '../admins/admins.service';

export const INVALID_LOGIN = 'Invalid email or password';

/** 5 failures in 15 minutes lock the account for 15 minutes. */
export const ACCOUNT_RULE: RateLimitRule = { limit: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
/** One address may fail more often (several admins behind one office NAT), but not endlessly. */
export const ADDRESS_RULE: RateLimitRule = { limit: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

@Injectable()
export class AuthService implements OnModuleInit {
  /** Verified when the email is unknown, so both refusals take the same time. */
  private decoyHash: string;

  constructor(
    private readonly adminsService: AdminsService,
    private readonly rateLimits: RateLimitService,
    private readonly activity: ActivityService,
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
    const accountKey = `login:account:${email.trim().toLowerCase()}`;
    const addressKey = `login:address:${limitKey(address)}`;
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
      // Recorded by address; the account only when the email is an admin's (then its id and
      // email), never the text typed, which may be a mistyped password or anything at all.
      await this.activity.recordAlone({
        by: { admin: admin ? { id: admin.id, name: admin.name } : null, address },
        action: 'sign-in-failed',
        kind: 'session',
        itemId: admin?.id ?? null,
        label: admin?.email ?? null,
      });
      throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_LOGIN);
    }
    await this.rateLimits.reset(accountKey);
    await this.rateLimits.release(addressKey);
    await this.adminsService.recordLogin(admin.id);
    return admin;
  }
}
