import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { limitKey } from '../http/client-address';
import { readCookie, safeEqual } from '../http/cookies';
import { RateLimitService, type RateLimitRule } from '../rate-limit/rate-limit.service';
import { CEREMONY_TIMEOUT_MS } from './relying-party';

/** The cookie's name over plain HTTP, and over HTTPS (`__Host-`: this host only, Secure, Path=/). */
const CHALLENGE_COOKIE = 'passkey-challenge';
const SECURE_CHALLENGE_COOKIE = '__Host-passkey-challenge';

/**
 * Anonymous option requests per address: the login screen asks at every visit (the email field's
 * passkey suggestions), and an office's admins may share one address, so the limit is generous;
 * a script asking in a loop is slowed.
 */
export const OPTIONS_RULE: RateLimitRule = { limit: 100, windowSeconds: 60 };

/**
 * The passkey sign-in's challenge, kept by the browser rather than the session store: a cookie
 * holding the challenge and its expiry (5 minutes), signed with SESSION_SECRET. Anyone may ask for
 * options, so keeping the challenge server-side would write a row per anonymous request (a session
 * row lived 12 hours: 200 calls, 200 rows); a signed cookie writes nothing, and needs no sweep. A
 * table would add what the cookie lacks, using a challenge once, but a sign-in needs no such rule:
 * the assertion is signed over the challenge by the passkey itself, and its use is recorded with a
 * compare-and-set (PasskeySignInService), so one answer signs in once. The cookie is taken at the
 * first answer, right or wrong.
 */
@Injectable()
export class SignInChallenges {
  private readonly secure: boolean;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rateLimits: RateLimitService,
  ) {
    this.secure = config.publicUrl.startsWith('https://');
  }

  /** Counts a request for options against its address: a 429 past OPTIONS_RULE. */
  async limit(req: Request): Promise<void> {
    const { hits, retryAfterSeconds } = await this.rateLimits.hit(`passkey-options:${limitKey(req.ip ?? 'unknown')}`, OPTIONS_RULE);
    if (hits > OPTIONS_RULE.limit) throw ApiError.tooManyAttempts(retryAfterSeconds);
  }

  /** Gives the browser the challenge of the options it was just sent (replacing any earlier one). */
  issue(res: Response, challenge: string): void {
    const payload = `${challenge}.${(Date.now() + CEREMONY_TIMEOUT_MS).toString(36)}`;
    res.cookie(this.name(), `${payload}.${this.sign(payload)}`, {
      httpOnly: true,
      secure: this.secure,
      sameSite: 'strict',
      path: '/',
      maxAge: CEREMONY_TIMEOUT_MS,
    });
  }

  /** The challenge the browser holds, signed here and not stale, or undefined; the cookie is cleared either way. */
  take(req: Request, res: Response): string | undefined {
    const value = readCookie(req, this.name());
    if (value === undefined) return undefined;
    res.clearCookie(this.name(), { httpOnly: true, secure: this.secure, sameSite: 'strict', path: '/' });
    const [challenge, expires, mac] = value.split('.');
    if (!mac || !safeEqual(mac, this.sign(`${challenge}.${expires}`))) return undefined;
    return Number.parseInt(expires, 36) > Date.now() ? challenge : undefined;
  }

  private name(): string {
    return this.secure ? SECURE_CHALLENGE_COOKIE : CHALLENGE_COOKIE;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.config.sessionSecret).update(`passkey-challenge:${payload}`).digest('base64url');
  }
}
