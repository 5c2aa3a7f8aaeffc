import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { limitKey } from '../http/client-address';
import { readCookie, safeEqual } from '../http/cookies';
import { RateLimitService, type RateLimitRule } from './rate-limit.service';

/** 5 failures in 15 minutes lock the account for 15 minutes, for every client without its device cookie. */
export const ACCOUNT_RULE: RateLimitRule = { limit: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
/** A browser that proves it signed in to the account before counts its own failures only, under the same rule. */
export const DEVICE_RULE: RateLimitRule = ACCOUNT_RULE;
/** One address may fail more often (several admins behind one office NAT), but not endlessly. */
export const ADDRESS_RULE: RateLimitRule = { limit: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

/** The device cookie's name over plain HTTP, and over HTTPS (where `__Host-` binds it to this host, Secure, Path=/). */
export const DEVICE_COOKIE = 'device';
export const SECURE_DEVICE_COOKIE = '__Host-device';
const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

/** The admin a device cookie is for, and the credential version it was given at. */
export interface DeviceOwner {
  id: string;
  credentialVersion: number;
}

/**
 * Who tries an account: the address, and the device when the client's device cookie names this
 * account (null: an untrusted client).
 */
export interface LoginClient {
  address: string;
  device: string | null;
}

/**
 * The login lockout, after OWASP's device cookies
 * (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies).
 * A successful sign-in gives the browser a signed cookie naming the account and a random device
 * id. Clients without one for the account ("untrusted") share the account's counter: 5 failures in
 * 15 minutes lock all of them out, whatever their addresses and replicas. A client with one counts
 * its own failures only, so a stranger's guessing never locks the admin's own browser. Every
 * counter lives in PostgreSQL (RateLimitService); the per-address limit applies to everyone.
 *
 * `account` is the admin's id, or the typed email lower-cased when it is no admin's (so unknown
 * addresses are limited alike). A second factor's failures go through `recordFailure`.
 */
@Injectable()
export class LoginLockoutService {
  constructor(
    private readonly rateLimits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The client of a request for an account: its address, and its device when its cookie is valid for that admin. */
  clientOf(req: Request, admin: DeviceOwner | null): LoginClient {
    return { address: req.ip ?? 'unknown', device: admin ? this.deviceOf(req, admin) : null };
  }

  /**
   * The device id the request's device cookie proves for the admin: signed here, for that admin at
   * their current credential version, under a year old; else null. A new password (a reset, a
   * change) raises the version, which untrusts every device given out before it.
   */
  deviceOf(req: Request, admin: DeviceOwner): string | null {
    const value = readCookie(req, SECURE_DEVICE_COOKIE) ?? readCookie(req, DEVICE_COOKIE);
    const [forAdmin, device, issued, mac] = value?.split('.') ?? [];
    if (!mac || forAdmin !== admin.id || !safeEqual(mac, this.sign(`${forAdmin}.${device}.${issued}`, admin.credentialVersion)))
      return null;
    const age = Date.now() / 1000 - Number.parseInt(issued, 36);
    return age >= 0 && age < DEVICE_COOKIE_SECONDS ? device : null;
  }

  /** Gives the browser that just signed in a new device cookie for the admin at this credential version (kept at sign-out). */
  trustDevice(req: Request, res: Response, adminId: string, credentialVersion: number): void {
    const payload = `${adminId}.${randomBytes(16).toString('base64url')}.${Math.floor(Date.now() / 1000).toString(36)}`;
    // Secure as the session cookie is: over HTTPS, or whenever PUBLIC_URL is https:// (a TLS proxy in front).
    const secure = req.secure || this.config.publicUrl.startsWith('https://');
    res.cookie(secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE, `${payload}.${this.sign(payload, credentialVersion)}`, {
      httpOnly: true,
      secure,
      sameSite: 'lax',
      path: '/',
      maxAge: DEVICE_COOKIE_SECONDS * 1000,
    });
  }

  /** Seconds until this client may try the account again, or 0. */
  async blockedFor(account: string, client: LoginClient): Promise<number> {
    const [own, address] = this.keys(account, client);
    return Math.max(await this.rateLimits.blockedFor(own.key, own.rule), await this.rateLimits.blockedFor(address.key, address.rule));
  }

  /**
   * Counts an attempt before its outcome is known, so simultaneous ones cannot all slip under the
   * limit while each waits for its hash; throws 429 when the client may not try now. A successful
   * attempt gives its hits back (`succeeded`).
   */
  async attempt(account: string, client: LoginClient): Promise<void> {
    const blocked = await this.blockedFor(account, client);
    if (blocked > 0) throw ApiError.tooManyAttempts(blocked);
    let wait = 0;
    for (const { key, rule } of this.keys(account, client)) {
      const hit = await this.rateLimits.hit(key, rule);
      if (hit.hits > rule.limit) wait = Math.max(wait, hit.retryAfterSeconds);
    }
    if (wait > 0) throw ApiError.tooManyAttempts(wait);
  }

  /** The attempt was right: the client's own counter starts again, and the address gets its hit back. */
  async succeeded(account: string, client: LoginClient): Promise<void> {
    const [own, address] = this.keys(account, client);
    await this.rateLimits.reset(own.key);
    await this.rateLimits.release(address.key);
  }

  /** The password was right but a second step follows: only the address gets its hit back. */
  async passwordRight(client: LoginClient): Promise<void> {
    await this.rateLimits.release(`login:address:${limitKey(client.address)}`);
  }

  /** One more failure against an admin from a device (null: untrusted), e.g. a wrong second-factor code. */
  async recordFailure(adminId: string, device: string | null): Promise<void> {
    const [own] = this.keys(adminId, { address: '', device });
    await this.rateLimits.hit(own.key, own.rule);
  }

  /** The counter the client's failures go to (its device's, else the account's), and its address's. */
  private keys(account: string, client: LoginClient): { key: string; rule: RateLimitRule }[] {
    return [
      client.device ? { key: `login:device:${client.device}`, rule: DEVICE_RULE } : { key: `login:account:${account}`, rule: ACCOUNT_RULE },
      { key: `login:address:${limitKey(client.address)}`, rule: ADDRESS_RULE },
    ];
  }

  /** The version is signed, not written: the cookie stays as it was, and a device trusted before a new password is not any more. */
  private sign(payload: string, credentialVersion: number): string {
    return createHmac('sha256', this.config.sessionSecret).update(`device-cookie:${credentialVersion}:${payload}`).digest('base64url');
  }
}
