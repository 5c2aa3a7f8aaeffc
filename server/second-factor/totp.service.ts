import { HttpStatus, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { generateSecret, generateURI, verify } from 'otplib';
import { toString as qrSvg } from 'qrcode';
import { DataSource, Repository } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { SignedInAdmin } from '../common/current-admin.decorator';
import type { Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { SecretBox } from '../common/secret-box';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OutboxService } from '../mail/outbox.service';
import { newRecoveryCode, parseRecoveryCode, RECOVERY_CODE_COUNT, recoverySecretMatches, storedRecoveryCode } from './recovery-codes';
import { secondFactorMail } from './second-factor-mails';
import { Totp } from './totp.entity';

export const WRONG_CODE = 'This code is not right. Enter the code your authenticator app shows now.';
export const USED_CODE = 'This code was used already. Wait for the next one.';
export const WRONG_RECOVERY_CODE = 'This is not one of your recovery codes, or it was used already.';
export const ALREADY_ON = 'Authenticator codes are already on. Turn them off first to set up another app.';
export const NOTHING_TO_CONFIRM = 'Start the setup again: there is no authenticator waiting to be confirmed.';
export const NOT_ON = 'Authenticator codes are not on.';

/**
 * The current step's code and the previous step's (a code typed at the end of its 30 seconds
 * arrives in the next step), never a future one: a code is good for 60 seconds at most.
 */
const TOLERANCE_SECONDS: [past: number, future: number] = [30, 0];

/** The time step of a right code, else null (otplib's verify answers for TOTP and HOTP alike). `epoch` in seconds, for the tests. */
export async function stepOf(secret: string, code: string, epoch?: number): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS, ...(epoch === undefined ? {} : { epoch }) });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Authenticator codes (RFC 6238 through otplib): setting them up (a secret, its QR code, confirmed
 * by a code), turning them off, and checking a code or a recovery code at sign-in. A code is
 * accepted once: its time step is stored, and a code of that step or an earlier one is refused.
 * The secret is stored sealed (SecretBox, under SECRETS_KEY) and opened only to check a code.
 */
@Injectable()
export class TotpService implements OnApplicationBootstrap {
  private readonly logger = new Logger('SecondFactor');
  private readonly box: SecretBox;

  constructor(
    @InjectRepository(Totp) private readonly totps: Repository<Totp>,
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.secretsKey);
  }

  /**
   * Seals the secrets stored in clear (before SECRETS_KEY, or from an archive of then). Here and
   * not in a migration: migrations run without the app's configuration (npm run migration:run),
   * and so without the key. Each row is replaced only if it is still the clear value read, so
   * replicas starting together seal it once.
   */
  async onApplicationBootstrap(): Promise<void> {
    const clear = await this.dataSource.query<{ admin_id: string; secret: string }[]>(
      `SELECT admin_id, secret FROM admin_totp WHERE secret NOT LIKE 'v1:%'`,
    );
    for (const row of clear) {
      await this.dataSource.query(`UPDATE admin_totp SET secret = $3 WHERE admin_id = $1 AND secret = $2`, [
        row.admin_id,
        row.secret,
        this.box.seal(row.secret, row.admin_id),
      ]);
    }
    if (clear.length > 0) this.logger.log(`Sealed ${clear.length} authenticator secret(s) stored in clear`);
  }

  /** The stored secret opened, or null (logged) when SECRETS_KEY is not the key it was sealed with. */
  private opened(totp: Totp): string | null {
    try {
      return this.box.open(totp.secret, totp.adminId);
    } catch {
      this.logger.error(`The authenticator secret of admin ${totp.adminId} does not open: SECRETS_KEY is not the key it was stored with`);
      return null;
    }
  }

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
      [admin.id, this.box.seal(secret, admin.id)],
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
    const secret = this.opened(pending);
    const step = secret === null ? null : await stepOf(secret, code);
    if (step === null) throw ApiError.field('code', WRONG_CODE);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    // Hashed before the transaction: argon2 takes a moment per code, and no lock waits for it.
    const stored = await Promise.all(recoveryCodes.map(storedRecoveryCode));
    const notice = secondFactorMail(await this.outbox.siteName(), 'totp-on', new Date(), by.address);
    await this.dataSource.transaction(async (manager) => {
      // Only the setup this code was checked against: a setup begun again meanwhile has another secret.
      const [enabled] = await manager.query<[unknown[], number]>(
        `UPDATE admin_totp SET enabled_at = now(), last_step = $3 WHERE admin_id = $1 AND secret = $2 AND enabled_at IS NULL RETURNING 1`,
        [admin.id, pending.secret, step],
      );
      if (enabled.length === 0) throw new ApiError(HttpStatus.CONFLICT, NOTHING_TO_CONFIRM);
      await manager.query(`DELETE FROM admin_recovery_codes WHERE admin_id = $1`, [admin.id]);
      await manager.query(
        `INSERT INTO admin_recovery_codes (admin_id, lookup, code_phc) SELECT $1, unnest($2::text[]), unnest($3::text[])`,
        [admin.id, stored.map((code) => code.lookup), stored.map((code) => code.hash)],
      );
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
    const secret = this.opened(totp);
    const step = secret === null ? null : await stepOf(secret, code);
    if (step === null) throw ApiError.field('code', WRONG_CODE);
    const [taken] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE admin_totp SET last_step = $2 WHERE admin_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING 1`,
      [adminId, step],
    );
    if (taken.length === 0) throw ApiError.field('code', USED_CODE);
  }

  /**
   * The second step with a recovery code: one of the admin's unused ones, now used. Its lookup id
   * finds the row (one argon2 check, not ten); the UPDATE takes it only while still unused, so two
   * requests with one code cannot both pass. A code made before lookup ids is found by its SHA-256.
   * Else a 400 keyed `recoveryCode`.
   */
  async useRecoveryCode(adminId: string, recoveryCode: string): Promise<void> {
    const typed = parseRecoveryCode(recoveryCode);
    let id: string | undefined;
    if (typed?.kind === 'legacy') {
      const [row] = await this.dataSource.query<{ id: string }[]>(
        `SELECT id FROM admin_recovery_codes WHERE admin_id = $1 AND code_hash = $2 AND used_at IS NULL`,
        [adminId, typed.sha256],
      );
      id = row?.id;
    } else if (typed?.kind === 'current') {
      const rows = await this.dataSource.query<{ id: string; code_phc: string }[]>(
        `SELECT id, code_phc FROM admin_recovery_codes WHERE admin_id = $1 AND lookup = $2 AND used_at IS NULL`,
        [adminId, typed.lookup],
      );
      for (const row of rows) if (await recoverySecretMatches(row.code_phc, typed.secret)) id = row.id;
    }
    const [used] = id
      ? await this.dataSource.query<[unknown[], number]>(
          `UPDATE admin_recovery_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING 1`,
          [id],
        )
      : [[]];
    if (used.length === 0) throw ApiError.field('recoveryCode', WRONG_RECOVERY_CODE);
  }
}
