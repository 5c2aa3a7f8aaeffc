import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { limitKey } from '../http/client-address';

export interface RateLimitRule {
  /** Hits allowed in one window. */
  limit: number;
  windowSeconds: number;
  /** How long the key stays blocked once it reaches the limit (defaults to the rest of the window). */
  lockSeconds?: number;
}

/** The login lockout (password and second factor alike): 5 failures in 15 minutes lock the account for 15 minutes. */
export const ACCOUNT_RULE: RateLimitRule = { limit: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
/** One address may fail more often (several admins behind one office NAT), but not endlessly. */
export const ADDRESS_RULE: RateLimitRule = { limit: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
export const loginAccountKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;
export const loginAddressKey = (address: string) => `login:address:${limitKey(address)}`;

/**
 * Fixed-window counters kept in PostgreSQL, so limits hold across restarts and replicas. Each hit
 * is one atomic upsert.
 */
@Injectable()
export class RateLimitService {
  constructor(private readonly dataSource: DataSource) {}

  /** Seconds until `key` may try again, or 0 when it is not blocked. */
  async blockedFor(key: string, rule: RateLimitRule): Promise<number> {
    const rows: { remaining: number }[] = await this.dataSource.query(
      `SELECT extract(epoch FROM reset_at - now())::float8 AS remaining
         FROM rate_limits WHERE key = $1 AND hits >= $2 AND reset_at > now()`,
      [key, rule.limit],
    );
    return rows.length ? Math.max(1, Math.ceil(rows[0].remaining)) : 0;
  }

  /** Counts one hit; returns how many the window now holds and the seconds until it resets. */
  async hit(key: string, rule: RateLimitRule): Promise<{ hits: number; retryAfterSeconds: number }> {
    const lockSeconds = rule.lockSeconds ?? 0;
    const rows: { hits: number; remaining: number }[] = await this.dataSource.query(
      `INSERT INTO rate_limits AS r (key, hits, reset_at)
            VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
         reset_at = CASE
           WHEN r.reset_at <= now() THEN now() + make_interval(secs => $2)
           WHEN r.hits + 1 >= $3 THEN greatest(r.reset_at, now() + make_interval(secs => $4))
           ELSE r.reset_at END
       RETURNING hits, extract(epoch FROM reset_at - now())::float8 AS remaining`,
      [key, rule.windowSeconds, rule.limit, lockSeconds],
    );
    if (Math.random() < 0.01) void this.prune();
    return { hits: rows[0].hits, retryAfterSeconds: Math.max(1, Math.ceil(rows[0].remaining)) };
  }

  /** Takes back one hit, e.g. one counted before the outcome was known that turned out fine. */
  async release(key: string): Promise<void> {
    await this.dataSource.query(`UPDATE rate_limits SET hits = hits - 1 WHERE key = $1 AND hits > 0`, [key]);
  }

  async reset(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limits WHERE key = $1`, [key]);
  }

  /** Old windows are dead weight; sweep them now and then. */
  private async prune(): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limits WHERE reset_at < now() - interval '1 day'`).catch(() => undefined);
  }
}
