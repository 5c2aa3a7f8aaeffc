import { Allow } from '../roles/allow.decorator';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiExtraModels, ApiOkResponse } from '@nestjs/swagger';
import { AdminsService } from '../admins/admins.service';
import { CurrentActor, type SignedInActor } from '../common/actor.decorator';
import { CurrentAdmin, type SignedInAdmin } from '../common/current-admin.decorator';
import { ApiErrorText, ApiFieldErrors, ErrorReply, OkReply } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { BeforeSecondFactor } from '../common/public.decorator';
import { RequiresRecentConfirmation } from '../common/recent-confirmation';
import { RateLimitService, type RateLimitRule } from '../rate-limit/rate-limit.service';
import {
  ConfirmTotpDto,
  RecoveryCodesReply,
  SecondFactorRequiredReply,
  SecondFactorStatusReply,
  TotpSetupReply,
  TurnOffTotpDto,
} from './dto/second-factor.dto';
import { SecondFactorService } from './second-factor.service';
import { TotpService } from './totp.service';

/**
 * Wrong passwords when turning a factor off, per admin, under the key and rule of a password
 * change's (server/admins): one count of a stolen session's guesses at the password.
 */
const PASSWORD_RULE: RateLimitRule = { limit: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

/** Your account's second factor: its state, and authenticator codes turned on and off. */
@Controller('admins/me')
@ApiExtraModels(SecondFactorRequiredReply)
export class SecondFactorController {
  constructor(
    private readonly secondFactor: SecondFactorService,
    private readonly totp: TotpService,
    private readonly admins: AdminsService,
    private readonly rateLimits: RateLimitService,
  ) {}

  @BeforeSecondFactor()
  @Allow('account.own')
  @Get('second-factor')
  @ApiOkResponse({ type: SecondFactorStatusReply })
  status(@CurrentAdmin() admin: SignedInAdmin): Promise<SecondFactorStatusReply> {
    return this.secondFactor.status(admin.id);
  }

  /** Begins the setup: a secret for the app (not on until confirmed). */
  @BeforeSecondFactor()
  @RequiresRecentConfirmation()
  @Allow('account.own')
  @Post('totp')
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ type: TotpSetupReply, description: 'The secret, its otpauth URL and QR code; not on until confirmed' })
  @ApiConflictResponse({ type: ErrorReply, description: 'Authenticator codes are already on' })
  begin(@CurrentAdmin() admin: SignedInAdmin): Promise<TotpSetupReply> {
    return this.totp.begin(admin);
  }

  @BeforeSecondFactor()
  @RequiresRecentConfirmation()
  @Allow('account.own')
  @Post('totp/confirm')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: RecoveryCodesReply, description: 'On; the recovery codes, shown this once' })
  @ApiFieldErrors('A wrong code (keyed code)')
  @ApiConflictResponse({ type: ErrorReply, description: 'No setup is waiting to be confirmed' })
  confirm(@Body() dto: ConfirmTotpDto, @CurrentActor() by: SignedInActor): Promise<RecoveryCodesReply> {
    return this.totp.confirm(by.admin, dto.code, by);
  }

  @Allow('account.own')
  @Delete('totp')
  @ApiOkResponse({ type: OkReply, description: 'Off; the secret and the recovery codes are gone' })
  @ApiFieldErrors('A wrong password (keyed password)')
  @ApiConflictResponse({ type: ErrorReply, description: 'Authenticator codes are not on' })
  @ApiErrorText(HttpStatus.TOO_MANY_REQUESTS, 'Too many wrong passwords; Retry-After says when to try again')
  async turnOff(@Body() dto: TurnOffTotpDto, @CurrentActor() by: SignedInActor): Promise<OkReply> {
    const { admin } = by;
    const key = `password:admin:${admin.id}`;
    // Counted before the check, as logins are, so simultaneous guesses cannot all slip under the limit.
    const attempt = await this.rateLimits.hit(key, PASSWORD_RULE);
    if (attempt.hits > PASSWORD_RULE.limit) throw ApiError.tooManyAttempts(attempt.retryAfterSeconds);
    const withHash = await this.admins.findByEmailWithHash(admin.email);
    if (!withHash || !(await this.admins.verifyPassword(withHash.passwordHash, dto.password))) {
      throw ApiError.field('password', 'Password is incorrect');
    }
    await this.rateLimits.reset(key);
    await this.totp.turnOff(admin, by);
    return { ok: true as const };
  }
}
