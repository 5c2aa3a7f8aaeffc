import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SignInService } from '../account/sign-in.service';
import { ActivityService } from '../activity/activity.service';
import { AdminsService, toPublicAdmin } from '../admins/admins.service';
import type { SignedInAdmin } from '../common/current-admin.decorator';
import { ApiErrorText, ApiFieldErrors } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { Public } from '../common/public.decorator';
import { LoginLockoutService } from '../rate-limit/login-lockout.service';
import { SecondStepDto } from './dto/second-factor.dto';
import { SecondFactorService } from './second-factor.service';
import { TotpService } from './totp.service';

export const SIGN_IN_AGAIN = 'Your sign-in has expired. Enter your password again.';

/** The sign-in's second step, for an admin whose password was right and who has a second factor. */
@Controller('admins')
export class SecondStepController {
  constructor(
    private readonly secondFactor: SecondFactorService,
    private readonly totp: TotpService,
    private readonly admins: AdminsService,
    private readonly lockout: LoginLockoutService,
    private readonly signIn: SignInService,
    private readonly activity: ActivityService,
  ) {}

  /**
   * Completes a half-open session with a code or a recovery code. Each attempt counts against the
   * account's login lockout (5 failures in 15 minutes, with the password's), so a stolen password
   * gives a handful of guesses at the code; a right one clears the count, rotates the session and
   * signs the admin in.
   */
  @Public()
  @Post('login/second-factor')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ schema: { $ref: getSchemaPath('AdminReply') }, description: 'Signed in, with a new session cookie' })
  @ApiFieldErrors('A wrong or used code (keyed code), or a wrong recovery code (keyed recoveryCode)')
  @ApiErrorText(HttpStatus.UNAUTHORIZED, 'No half-open sign-in, or it is older than 5 minutes: enter the password again')
  @ApiErrorText(HttpStatus.TOO_MANY_REQUESTS, 'Too many attempts; Retry-After says when to try again')
  async complete(
    @Body() dto: SecondStepDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ admin: SignedInAdmin }> {
    const pending = this.secondFactor.pendingSecondStep(req);
    const found = pending && (await this.admins.findById(pending.adminId));
    if (!pending || !found) throw new ApiError(HttpStatus.UNAUTHORIZED, SIGN_IN_AGAIN);
    const admin = toPublicAdmin(found);

    // Counted before the outcome, against the device or the account as a password is (LoginLockoutService).
    const client = this.lockout.clientOf(req, found);
    await this.lockout.attempt(admin.id, client);
    try {
      if (dto.recoveryCode !== undefined) await this.totp.useRecoveryCode(admin.id, dto.recoveryCode);
      else await this.totp.checkCode(admin.id, dto.code ?? '');
    } catch (refused) {
      await this.activity.recordFailedSignIn(admin, req.ip ?? null);
      throw refused;
    }
    await this.lockout.succeeded(admin.id, client);
    // Stamped with the credential version the password step read, so a password changed meanwhile leaves it dead.
    const how = dto.recoveryCode !== undefined ? 'recovery-code' : 'code';
    await this.signIn.completeSignIn(req, res, admin, { credentialVersion: pending.credentialVersion, how });
    return { admin };
  }
}
