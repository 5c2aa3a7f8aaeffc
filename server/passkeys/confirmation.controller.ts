import { Allow } from '../roles/allow.decorator';
import { Body, Controller, HttpCode, HttpStatus, Inject, Post, Req } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { markConfirmed } from '../account/sign-in.service';
import { AdminsService } from '../admins/admins.service';
import { ApiErrorText, ApiFieldErrors } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { CurrentAdmin, type SignedInAdmin } from '../common/current-admin.decorator';
import { BeforeSecondFactor } from '../common/public.decorator';
import { CONFIRMATION_MS } from '../common/recent-confirmation';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AuthenticationOptionsDto } from './dto/webauthn.dto';
import { PasskeySignInService } from './passkey-sign-in.service';
import { rememberChallenge, relyingParty, takeChallenge } from './relying-party';
import { ACCOUNT_RULE } from '../rate-limit/login-lockout.service';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { ConfirmationReply, ConfirmDto } from './dto/confirm.dto';

export const WRONG_PASSWORD = 'Password is incorrect';
export const CONFIRM_PASSKEY_REFUSED = 'The passkey was not accepted. Try again, or enter your password.';

/**
 * Confirming who the signed-in admin is (here, beside the passkey ceremony it shares with the sign-in), for the lasting changes (@RequiresRecentConfirmation()):
 * the password, or one of their passkeys, opens them for CONFIRMATION_MS on this session only.
 */
@Controller('admins/me/confirm')
export class ConfirmationController {
  constructor(
    private readonly admins: AdminsService,
    private readonly passkeys: PasskeySignInService,
    private readonly rateLimits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The options for `navigator.credentials.get()`, naming the admin's own passkeys; their challenge is kept in the session, for one answer. */
  @BeforeSecondFactor()
  @Allow('account.own')
  @Post('passkey-options')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: AuthenticationOptionsDto })
  async passkeyOptions(@Req() req: Request, @CurrentAdmin() admin: SignedInAdmin) {
    const options = await this.passkeys.confirmationOptions(admin.id, relyingParty(this.config));
    rememberChallenge(req, 'confirm', options.challenge);
    return options;
  }

  /**
   * The password (or a passkey's answer) of the signed-in admin. Wrong passwords count under the
   * key of a password change's (`password:admin:<id>`): one count of a stolen session's guesses.
   */
  @BeforeSecondFactor()
  @Allow('account.own')
  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: ConfirmationReply, description: 'Confirmed: lasting changes are open on this session for 5 minutes' })
  @ApiFieldErrors('A wrong password (keyed password), or a passkey that was not accepted (keyed response)')
  @ApiErrorText(HttpStatus.TOO_MANY_REQUESTS, 'Too many wrong passwords; Retry-After says when to try again')
  async confirm(@Body() dto: ConfirmDto, @Req() req: Request, @CurrentAdmin() admin: SignedInAdmin): Promise<ConfirmationReply> {
    if (dto.response !== undefined) {
      const challenge = takeChallenge(req, 'confirm');
      if (!(await this.passkeys.confirms(admin.id, dto.response, challenge, relyingParty(this.config)))) {
        throw ApiError.field('response', CONFIRM_PASSKEY_REFUSED);
      }
    } else {
      const key = `password:admin:${admin.id}`;
      // Counted before the check, as logins are, so simultaneous guesses cannot all slip under the limit.
      const attempt = await this.rateLimits.hit(key, ACCOUNT_RULE);
      if (attempt.hits > ACCOUNT_RULE.limit) throw ApiError.tooManyAttempts(attempt.retryAfterSeconds);
      const withHash = await this.admins.findByEmailWithHash(admin.email);
      if (!withHash || !(await this.admins.verifyPassword(withHash.passwordHash, dto.password ?? ''))) {
        throw ApiError.field('password', WRONG_PASSWORD);
      }
      await this.rateLimits.reset(key);
    }
    markConfirmed(req);
    return { confirmedUntil: new Date(Date.now() + CONFIRMATION_MS) };
  }
}
