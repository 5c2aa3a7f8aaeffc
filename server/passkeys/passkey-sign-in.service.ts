import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { Buffer } from 'node:buffer';
import { Repository } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { AdminsService, toPublicAdmin } from '../admins/admins.service';
import type { SignedInAdmin } from '../common/current-admin.decorator';
import { ADDRESS_RULE } from '../rate-limit/login-lockout.service';
import { ApiError } from '../common/api-error';
import { limitKey } from '../http/client-address';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import type { AuthenticationResponseDto } from './dto/webauthn.dto';
import { Passkey } from './passkey.entity';
import { userHandleOf } from './passkeys.service';
import { CEREMONY_TIMEOUT_MS, type RelyingParty } from './relying-party';

export const PASSKEY_REFUSED = 'The passkey was not accepted. Try again, or log in with your password.';

/**
 * Signing in with a passkey: both factors at once (something you have, unlocked by something you
 * are or know). The options name no credential, so the browser offers every passkey it holds for
 * this site (a button, or the email field's autofill). The signature is checked against the stored
 * key, its counter must grow (unless the authenticator keeps none), and the passkey's row is
 * updated only if nobody used it meanwhile, so one answer signs in once even when sent twice at once.
 */
@Injectable()
export class PasskeySignInService {
  constructor(
    @InjectRepository(Passkey) private readonly passkeys: Repository<Passkey>,
    private readonly admins: AdminsService,
    private readonly activity: ActivityService,
    private readonly rateLimits: RateLimitService,
  ) {}

  options(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CEREMONY_TIMEOUT_MS });
  }

  /** The options for confirming who the signed-in admin is (POST /api/admins/me/confirm): their own passkeys only. */
  async confirmationOptions(adminId: string, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const own = await this.passkeys.find({ where: { adminId }, select: { credentialId: true, transports: true } });
    return generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'required',
      timeout: CEREMONY_TIMEOUT_MS,
      allowCredentials: own.map(({ credentialId, transports }) => ({ id: credentialId, transports })),
    });
  }

  /**
   * Whether the answer is one of this admin's passkeys, to the session's confirmation challenge:
   * verified exactly as a sign-in is (its use recorded, so it is not accepted twice).
   */
  async confirms(adminId: string, response: AuthenticationResponseDto, challenge: string | undefined, rp: RelyingParty): Promise<boolean> {
    const passkey =
      typeof response.id === 'string' && response.id.length <= 1024
        ? await this.passkeys.findOneBy({ credentialId: response.id, adminId })
        : null;
    return passkey !== null && (await this.verified(response, challenge, rp, passkey));
  }

  /**
   * The admin the passkey signs in, or a 401 (one text whatever failed). Failures count against the
   * client address like failed passwords (one counter for both), and a blocked address is a 429.
   */
  async verify(
    response: AuthenticationResponseDto,
    challenge: string | undefined,
    rp: RelyingParty,
    address: string,
  ): Promise<{ admin: SignedInAdmin; credentialVersion: number }> {
    const addressKey = `login:address:${limitKey(address)}`;
    const blocked = await this.rateLimits.blockedFor(addressKey, ADDRESS_RULE);
    if (blocked > 0) throw ApiError.tooManyAttempts(blocked);

    const passkey =
      typeof response.id === 'string' && response.id.length <= 1024 ? await this.passkeys.findOneBy({ credentialId: response.id }) : null;
    const admin = passkey ? await this.admins.findById(passkey.adminId) : null;
    if (!passkey || !admin || !(await this.verified(response, challenge, rp, passkey))) {
      await this.rateLimits.hit(addressKey, ADDRESS_RULE);
      await this.activity.recordFailedSignIn(admin, address);
      throw new ApiError(HttpStatus.UNAUTHORIZED, PASSKEY_REFUSED);
    }
    return { admin: toPublicAdmin(admin), credentialVersion: admin.credentialVersion };
  }

  /** Whether the answer is the passkey's, to this session's challenge, on this site; if so its use is recorded. */
  private async verified(
    response: AuthenticationResponseDto,
    challenge: string | undefined,
    rp: RelyingParty,
    passkey: Passkey,
  ): Promise<boolean> {
    if (!challenge) return false;
    // A passkey made here carries its admin's id as the user handle; another one does not sign them in.
    const handle = response.response?.userHandle;
    if (typeof handle === 'string' && Buffer.from(handle, 'base64url').compare(Buffer.from(userHandleOf(passkey.adminId))) !== 0)
      return false;
    let newCounter: number;
    try {
      const result = await verifyAuthenticationResponse({
        response: response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: Number(passkey.counter),
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
      if (!result.verified) return false;
      newCounter = result.authenticationInfo.newCounter;
    } catch {
      // Malformed, signed by another key, for another origin or challenge, or a counter that did not grow.
      return false;
    }
    // Compare-and-set on what was read: of two requests with the same answer, one changes the row.
    const updated = await this.passkeys
      .createQueryBuilder()
      .update()
      .set({ counter: String(newCounter), uses: () => 'uses + 1', lastUsedAt: () => 'now()' })
      .where('id = :id AND uses = :uses', { id: passkey.id, uses: passkey.uses })
      .execute();
    return updated.affected === 1;
  }
}
