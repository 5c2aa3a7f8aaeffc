import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { SignedInAdmin } from '../common/current-admin.decorator';
import { Admin } from '../admins/admin.entity';
import { toError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OutboxService } from '../mail/outbox.service';
import { secondFactorMail } from './second-factor-mails';

declare module 'express-session' {
  interface SessionData {
    /**
     * A right password of an admin with a second factor: the session is only half open (Passport
     * has no user in it, so no route but the second step accepts it) until the second step.
     */
    secondStep: { adminId: string; email: string; credentialVersion: number; at: number };
  }
}

/** How long a half-open session waits for its second step. */
export const SECOND_STEP_MS = 5 * 60 * 1000;

/** What Your account shows of the second factor, and what the panel's guard reads. */
export interface SecondFactorStatus {
  /** The admin has a second factor (authenticator codes, or anything else that counts as one). */
  enabled: boolean;
  totp: boolean;
  /** Unused recovery codes. */
  recoveryCodesLeft: number;
  /** REQUIRE_SECOND_FACTOR: an admin without one must set it up before anything else. */
  required: boolean;
}

/**
 * Whether an admin has a second factor, the half-open session of the two-step sign-in, and the
 * command line's reset. Authenticator codes (TotpService) and passkeys (server/passkeys) count: a
 * password then needs one of them, and a passkey alone is both factors at once.
 */
@Injectable()
export class SecondFactorService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activity: ActivityService,
    private readonly outbox: OutboxService,
  ) {}

  /** Whether signing in as this admin with a password needs a second step: authenticator codes turned on, or a passkey. */
  async hasSecondFactor(adminId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM admin_totp WHERE admin_id = $1 AND enabled_at IS NOT NULL UNION ALL SELECT 1 FROM passkeys WHERE admin_id = $1 LIMIT 1`,
      [adminId],
    );
    return rows.length > 0;
  }

  async status(adminId: string): Promise<SecondFactorStatus> {
    const [row] = await this.dataSource.query<{ totp: boolean; left: number }[]>(
      `SELECT EXISTS (SELECT 1 FROM admin_totp WHERE admin_id = $1 AND enabled_at IS NOT NULL) AS totp,
              (SELECT count(*)::int FROM admin_recovery_codes WHERE admin_id = $1 AND used_at IS NULL) AS left`,
      [adminId],
    );
    return {
      enabled: await this.hasSecondFactor(adminId),
      totp: row.totp,
      recoveryCodesLeft: row.left,
      required: this.config.requireSecondFactor,
    };
  }

  /**
   * After a right password: an admin with a second factor gets a new, half-open session (a new id,
   * so one planted before cannot be completed by someone else) and true; anyone else false.
   */
  async holdForSecondStep(req: Request, admin: SignedInAdmin, credentialVersion: number): Promise<boolean> {
    if (!(await this.hasSecondFactor(admin.id))) return false;
    await new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(toError(error)) : resolve())));
    req.session.secondStep = { adminId: admin.id, email: admin.email, credentialVersion, at: Date.now() };
    return true;
  }

  /** The request's half-open sign-in, or null: none, or older than SECOND_STEP_MS (then it is dropped). */
  pendingSecondStep(req: Request): { adminId: string; email: string; credentialVersion: number } | null {
    const pending = req.session?.secondStep;
    if (!pending) return null;
    if (Date.now() - pending.at > SECOND_STEP_MS) {
      delete req.session.secondStep;
      return null;
    }
    return { adminId: pending.adminId, email: pending.email, credentialVersion: pending.credentialVersion };
  }

  /**
   * `npm run admin:reset-second-factor`: removes every second factor of the admin with this email
   * (authenticator codes, recovery codes and passkeys, for one who lost them all), in one transaction with its
   * activity entry and the notice to the admin. Null when no admin has the email.
   */
  async reset(email: string): Promise<{ name: string; email: string; removed: boolean } | null> {
    const admin = await this.dataSource.getRepository(Admin).findOneBy({ email: email.trim().toLowerCase() });
    if (!admin) return null;
    const site = await this.outbox.siteName();
    const removed = await this.dataSource.transaction(async (manager) => {
      const had = await this.hasSecondFactor(admin.id, manager);
      await manager.query(`DELETE FROM admin_recovery_codes WHERE admin_id = $1`, [admin.id]);
      await manager.query(`DELETE FROM admin_totp WHERE admin_id = $1`, [admin.id]);
      await manager.query(`DELETE FROM passkeys WHERE admin_id = $1`, [admin.id]);
      if (!had) return false;
      const by = { admin: { id: admin.id, name: admin.name }, address: null };
      await this.activity.record(manager, { by, action: 'second-factor-reset', kind: 'admins', itemId: admin.id });
      await this.outbox.add(manager, [{ kind: 'second-factor', to: admin.email, ...secondFactorMail(site, 'reset', new Date(), null) }]);
      return true;
    });
    return { name: admin.name, email: admin.email, removed };
  }
}
