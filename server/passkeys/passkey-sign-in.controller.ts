import { Body, Controller, HttpCode, HttpStatus, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SessionStartService } from '../account/session-start.service';
import { ActivityService } from '../activity/activity.service';
import type { PublicAdmin } from '../admins/admins.service';
import { ApiErrorText, ApiFieldErrors } from '../common/api-docs';
import { Public } from '../common/public.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LoginLockoutService } from '../rate-limit/login-lockout.service';
import { PasskeySignInDto } from './dto/passkey.dto';
import { AuthenticationOptionsDto } from './dto/webauthn.dto';
import { PasskeySignInService } from './passkey-sign-in.service';
import { rememberChallenge, relyingParty, takeChallenge } from './relying-party';

/** Signing in with a passkey, in two steps like adding one; it ends as a password login does. */
@Controller('admins/login/passkey')
export class PasskeySignInController {
  constructor(
    private readonly signIn: PasskeySignInService,
    private readonly sessions: SessionStartService,
    private readonly lockout: LoginLockoutService,
    private readonly activity: ActivityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The options for `navigator.credentials.get()`; their challenge is kept in the (possibly new) session, for one answer. */
  @Public()
  @Post('options')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: AuthenticationOptionsDto })
  async options(@Req() req: Request) {
    const options = await this.signIn.options(relyingParty(this.config));
    rememberChallenge(req, 'sign-in', options.challenge);
    return options;
  }

  /** The browser's answer: verified, then a new session for its admin (the old id discarded), as after a password. */
  @Public()
  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ schema: { $ref: getSchemaPath('AdminReply') }, description: 'Signed in, with a new session cookie' })
  @ApiFieldErrors('No passkey response was sent')
  @ApiErrorText(HttpStatus.UNAUTHORIZED, 'The passkey was not accepted')
  @ApiErrorText(HttpStatus.TOO_MANY_REQUESTS, 'Too many failed sign-ins from this address; Retry-After says when to try again')
  async verify(
    @Body() dto: PasskeySignInDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ admin: PublicAdmin }> {
    const challenge = takeChallenge(req, 'sign-in');
    const address = req.ip ?? 'unknown';
    const { admin, credentialVersion } = await this.signIn.verify(dto.response, challenge, relyingParty(this.config), address);
    // Both factors at once: a full session at once, stamped and trusted as after a password.
    await this.sessions.begin(req, admin, credentialVersion);
    this.lockout.trustDevice(req, res, admin.id);
    await this.activity.recordAlone({ by: { admin, address }, action: 'sign-in-passkey', kind: 'session', itemId: admin.id });
    return { admin };
  }
}
