import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/server';
import { DataSource, Repository } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { SignedInActor } from '../common/actor.decorator';
import type { SignedInAdmin } from '../common/current-admin.decorator';
import { ApiError } from '../common/api-error';
import { isUuid } from '../common/by-id-or-404';
import { OutboxService } from '../mail/outbox.service';
import type { AddPasskeyDto, PasskeyDto } from './dto/passkey.dto';
import { Passkey } from './passkey.entity';
import { passkeyChangedMail } from './passkey-mails';
import { ALGORITHMS, CEREMONY_TIMEOUT_MS, type RelyingParty } from './relying-party';

export const PASSKEY_NOT_FOUND = 'Passkey not found';
export const REGISTRATION_REFUSED = 'The passkey could not be verified. Please try again.';

function toDto(passkey: Passkey): PasskeyDto {
  return { id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: passkey.lastUsedAt };
}

/** The user handle each of an admin's passkeys carries: their id's UTF-8 bytes. */
export function userHandleOf(adminId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(adminId);
}

/**
 * An admin's own passkeys (Your account): listed, added through a WebAuthn registration, removed.
 * Adding and removing each write an activity entry and mail the admin, in the change's transaction.
 */
@Injectable()
export class PasskeysService {
  constructor(
    @InjectRepository(Passkey) private readonly passkeys: Repository<Passkey>,
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly outbox: OutboxService,
  ) {}

  /** Oldest first. */
  async list(adminId: string): Promise<PasskeyDto[]> {
    const rows = await this.passkeys.find({ where: { adminId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toDto);
  }

  /** How many passkeys the admin has: a passkey counts as a second factor (REQUIRE_SECOND_FACTOR). */
  countFor(adminId: string): Promise<number> {
    return this.passkeys.countBy({ adminId });
  }

  /** The options for `navigator.credentials.create()`: a discoverable credential, verified user, none of theirs again. */
  async registrationOptions(admin: SignedInAdmin, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.passkeys.find({ where: { adminId: admin.id }, select: { credentialId: true, transports: true } });
    return generateRegistrationOptions({
      rpName: await this.outbox.siteName(),
      rpID: rp.id,
      userName: admin.email,
      userDisplayName: admin.name,
      userID: userHandleOf(admin.id),
      attestationType: 'none',
      timeout: CEREMONY_TIMEOUT_MS,
      excludeCredentials: existing.map(({ credentialId, transports }) => ({ id: credentialId, transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
  }

  /**
   * Verifies the browser's registration against the challenge this session was given (none: it was
   * used, stale or never asked for) and the relying party, and keeps the passkey. A credential
   * already registered (by anyone) is a 409 from its unique constraint.
   */
  async add(owner: SignedInActor, dto: AddPasskeyDto, challenge: string | undefined, rp: RelyingParty): Promise<PasskeyDto> {
    if (!challenge) throw ApiError.field('response', REGISTRATION_REFUSED);
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: dto.response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
    } catch {
      // Whatever is wrong with it (malformed, another origin, another challenge), the client's answer is the same.
      throw ApiError.field('response', REGISTRATION_REFUSED);
    }
    if (!verified.verified) throw ApiError.field('response', REGISTRATION_REFUSED);
    const { credential } = verified.registrationInfo;
    const { admin, address } = owner;
    const notice = passkeyChangedMail(await this.outbox.siteName(), 'added', dto.name, new Date(), address);
    const saved = await this.dataSource.transaction(async (manager) => {
      const passkey = await manager.save(
        manager.create(Passkey, {
          adminId: admin.id,
          name: dto.name,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey),
          counter: String(credential.counter),
          transports: credential.transports ?? [],
        }),
      );
      await this.activity.record(manager, { by: owner, action: 'passkey-add', kind: 'admins', itemId: admin.id, label: dto.name });
      await this.outbox.add(manager, [{ kind: 'passkey', to: admin.email, ...notice }]);
      return manager.findOneByOrFail(Passkey, { id: passkey.id });
    });
    this.outbox.wake();
    return toDto(saved);
  }

  /** Removes one of the admin's own passkeys (another admin's is not found). */
  async remove(owner: SignedInActor, id: string): Promise<{ id: string }> {
    const { admin, address } = owner;
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, PASSKEY_NOT_FOUND);
    const site = await this.outbox.siteName();
    await this.dataSource.transaction(async (manager) => {
      const [passkey] = await manager.find(Passkey, { where: { id, adminId: admin.id }, lock: { mode: 'pessimistic_write' } });
      if (!passkey) throw new ApiError(HttpStatus.NOT_FOUND, PASSKEY_NOT_FOUND);
      await manager.delete(Passkey, { id });
      await this.activity.record(manager, { by: owner, action: 'passkey-remove', kind: 'admins', itemId: admin.id, label: passkey.name });
      const notice = passkeyChangedMail(site, 'removed', passkey.name, new Date(), address);
      await this.outbox.add(manager, [{ kind: 'passkey', to: admin.email, ...notice }]);
    });
    this.outbox.wake();
    return { id };
  }
}
