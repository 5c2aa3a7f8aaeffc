import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from '../common/api-error';
import { RateLimitService, type RateLimitRule } from '../common/rate-limit.service';

/**
 * Two counters per client address guard the public form:
 * - every post counts as an attempt, before validation, so a script that hammers the form with
 *   invalid bodies is cut off too; a person fixing typos has plenty of room;
 * - only accepted posts (valid ones, honeypot catches included) count as messages, so a visitor's
 *   mistakes never use up the messages they may leave.
 * A logged-in admin (who can read and delete the inbox anyway) is not limited.
 */
export const ATTEMPT_RULE: RateLimitRule = { limit: 20, windowSeconds: 10 * 60 };
export const MESSAGE_RULE: RateLimitRule = { limit: 5, windowSeconds: 10 * 60 };

function address(req: Request): string {
  return req.ip ?? 'unknown';
}

function limited(req: Request): boolean {
  return !req.isAuthenticated();
}

/** Runs before the body is validated: counts the attempt, refuses an address over either limit. */
@Injectable()
export class ContactPostLimitGuard implements CanActivate {
  constructor(private readonly rateLimits: RateLimitService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    if (!limited(req)) return true;
    const attempts = await this.rateLimits.hit(`contact:attempts:${address(req)}`, ATTEMPT_RULE);
    if (attempts.hits > ATTEMPT_RULE.limit) throw ApiError.tooManyAttempts(attempts.retryAfterSeconds);
    const blocked = await this.rateLimits.blockedFor(`contact:messages:${address(req)}`, MESSAGE_RULE);
    if (blocked > 0) throw ApiError.tooManyAttempts(blocked);
    return true;
  }
}

/**
 * Counts an accepted message; past the limit it throws 429 and the message is not stored. The
 * guard's check is a fast path; this atomic count is what holds when posts arrive together.
 */
@Injectable()
export class ContactMessageLimit {
  constructor(private readonly rateLimits: RateLimitService) {}

  async count(req: Request): Promise<void> {
    if (!limited(req)) return;
    const { hits, retryAfterSeconds } = await this.rateLimits.hit(`contact:messages:${address(req)}`, MESSAGE_RULE);
    if (hits > MESSAGE_RULE.limit) throw ApiError.tooManyAttempts(retryAfterSeconds);
  }
}
