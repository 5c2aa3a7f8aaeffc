import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { generateSecret, generateURI, verify } from 'otplib';
import { toString as qrSvg } from 'qrcode';
import { DataSource, Repository } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { SignedInAdmin } from '../common/current-admin.decorator';
import type { Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { OutboxService } from '../mail/outbox.service';
import { hashRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';
import { secondFactorMail } from './second-factor-mails';
import { Totp } from './totp.entity';

export const WRONG_CODE = 'This code is not right. Enter the code your authenticator app shows now.';
export const USED_CODE = 'This code was used already. Wait for the next one.';
export const WRONG_RECOVERY_CODE = 'This is not one of your recovery codes, or it was used already.';
export const ALREADY_ON = 'Authenticator codes are already on. Turn them off first to set up another app.';
export const NOTHING_TO_CONFIRM = 'Start the setup again: there is no authenticator waiting to be confirmed.';
export const NOT_ON = 'Authenticator codes are not on.';

/**
 * A code of the step before or after the current one is accepted too: the phone's clock may be a
 * little off, and a code typed at the end of its 30 seconds arrives in the next step.
 */
const TOLERANCE_SECONDS = 30;

/** The time step of a right code, else null (otplib's verify answers for TOTP and HOTP alike). */
async function stepOf(secret: string, code: string): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Authenticator codes (RFC 6238 through otplib): setting them up (a secret, its QR code, confirmed
 * by a code), turning them off, and checking a code or a recovery code at sign-in. A code is
 * accepted once: its time step is stored, and a code of that step or an earlier one is refused.
 */
@Injectable()
export class TotpService {
  constructor(
    @InjectRepository(Totp) private readonly totps: Repository<Totp>,
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * A new secret for the admin's authenticator app, waiting for a code to confirm it (a setup begun
   * again replaces the one waiting). The QR code is drawn here, as an SVG data URL: the secret never
   * goes to a third party.
   */
  async begin(admin: SignedInAdmin): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
    const secret = generateSecret();
    // An INSERT answers its rows (an UPDATE or DELETE would answer [rows, count]).
    const saved: unknown[] = await this.dataSource.query(
      `INSERT INTO admin_totp AS t (admin_id, secret) VALUES ($1, $2)
       ON CONFLICT (admin_id) DO UPDATE SET secret = EXCLUDED.secret, last_step = NULL, created_at = now()
        WHERE t.enabled_at IS NULL
       RETURNING 1`,
      [admin.id, secret],
    );
    if (saved.length === 0) throw new ApiError(HttpStatus.CONFLICT, ALREADY_ON);
    const otpauthUrl = generateURI({ issuer: await this.outbox.siteName(), label: admin.email, secret });
    const svg = await qrSvg(otpauthUrl, { type: 'svg', margin: 2 });
    return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /**
   * A right code turns the waiting setup on and replaces the admin's recovery codes with 10 new
   * ones, returned this once (only their hashes are kept); with the activity entry and the notice.
   */
  async confirm(admin: SignedInAdmin, code: string, by: Actor): Promise<{ recoveryCodes: string[] }> {
    const pending = await this.totps
      .createQueryBuilder('t')
      .addSelect('t.secret')
      .where('t.adminId = :id AND t.enabledAt IS NULL', { id: admin.id })
      .getOne();
    if (!pending) throw new ApiError(HttpStatus.CONFLICT, NOTHING_TO_CONFIRM);
    const step = await stepOf(pending.secret, code);
    if (step === null) throw ApiError.field('code', WRONG_CODE);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const notice = secondFactorMail(await this.outbox.siteName(), 'totp-on', new Date(), by.address);
    await this.dataSource.transaction(async (manager) => {
      // Only the setup this code was checked against: a setup begun again meanwhile has another secret.
      const [enabled] = await manager.query<[unknown[], number]>(
        `UPDATE admin_totp SET enabled_at = now(), last_step = $3 WHERE admin_id = $1 AND secret = $2 AND enabled_at IS NULL RETURNING 1`,
        [admin.id, pending.secret, step],
      );
      if (enabled.length === 0) throw new ApiError(HttpStatus.CONFLICT, NOTHING_TO_CONFIRM);
      await manager.query(`DELETE FROM admin_recovery_codes WHERE admin_id = $1`, [admin.id]);
      await manager.query(`INSERT INTO admin_recovery_codes (admin_id, code_hash) SELECT $1, unnest($2::bytea[])`, [
        admin.id,
        recoveryCodes.map(hashRecoveryCode),
      ]);
      await this.activity.record(manager, { by, action: 'totp-on', kind: 'admins', itemId: admin.id });
      await this.outbox.add(manager, [{ kind: 'second-factor', to: admin.email, ...notice }]);
    });
    this.outbox.wake();
    return { recoveryCodes };
  }

  /** Turns authenticator codes off (the caller checked the password): the secret and the recovery codes go. */
  async turnOff(admin: SignedInAdmin, by: Actor): Promise<void> {
    const notice = secondFactorMail(await this.outbox.siteName(), 'totp-off', new Date(), by.address);
    await this.dataSource.transaction(async (manager) => {
      const [removed] = await manager.query<[unknown[], number]>(
        `DELETE FROM admin_totp WHERE admin_id = $1 AND enabled_at IS NOT NULL RETURNING 1`,
        [admin.id],
      );
      if (removed.length === 0) throw new ApiError(HttpStatus.CONFLICT, NOT_ON);
      await manager.query(`DELETE FROM admin_recovery_codes WHERE admin_id = $1`, [admin.id]);
      await this.activity.record(manager, { by, action: 'totp-off', kind: 'admins', itemId: admin.id });
      await this.outbox.add(manager, [{ kind: 'second-factor', to: admin.email, ...notice }]);
    });
    this.outbox.wake();
  }

  /**
   * The sign-in's second step with a code: accepted when right and of a later time step than the
   * last one accepted, which it then becomes (one UPDATE, so two requests with one code cannot
   * both pass). Else a 400 keyed `code`.
   */
  async checkCode(adminId: string, code: string): Promise<void> {
    const totp = await this.totps
      .createQueryBuilder('t')
      .addSelect('t.secret')
      .where('t.adminId = :id AND t.enabledAt IS NOT NULL', { id: adminId })
      .getOne();
    if (!totp) throw ApiError.field('code', WRONG_CODE);
    const step = await stepOf(totp.secret, code);
    if (step === null) throw ApiError.field('code', WRONG_CODE);
    const [taken] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE admin_totp SET last_step = $2 WHERE admin_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING 1`,
      [adminId, step],
    );
    if (taken.length === 0) throw ApiError.field('code', USED_CODE);
  }

  /** The second step with a recovery code: one of the admin's unused ones, now used (one UPDATE). Else a 400 keyed `recoveryCode`. */
  async useRecoveryCode(adminId: string, recoveryCode: string): Promise<void> {
    const [used] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE admin_recovery_codes SET used_at = now() WHERE admin_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
      [adminId, hashRecoveryCode(recoveryCode)],
    );
    if (used.length === 0) throw ApiError.field('recoveryCode', WRONG_RECOVERY_CODE);
  }
}
