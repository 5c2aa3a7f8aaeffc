import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import { toError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { sessionCookie, type SessionCookie } from '../config/web-config';

/**
 * Ending sessions (a logout, a removed admin, a changed password), the
 * one way. A session is a row of the `session` table (session-store.ts), and every request reads
 * its row, so a session ended here is refused by the next request on every replica. The methods
 * that take an EntityManager end sessions inside the caller's transaction, with the change.
 */
@Injectable()
export class SessionsService {
  private readonly cookie: SessionCookie;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cookie = sessionCookie(config.publicUrl);
  }

  /** Ends the request's own session (a logout, an admin removing themselves) and clears its cookie. */
  async endCurrent(req: Request, res: Response): Promise<void> {
    await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(toError(error)) : resolve())));
    res.clearCookie(this.cookie.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.cookie.secure });
  }

  /** Ends every session of an admin, or every one but `except` (the caller's own); answers how many ended. */
  async endAllOf(adminId: string, options: { except?: string; manager?: EntityManager } = {}): Promise<number> {
    const manager = options.manager ?? this.dataSource.manager;
    const [, count] = await manager.query<[unknown, number]>(
      `DELETE FROM session WHERE sess -> 'passport' ->> 'user' = $1 AND sid IS DISTINCT FROM $2`,
      [adminId, options.except ?? null],
    );
    return count;
  }
}
