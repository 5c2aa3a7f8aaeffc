import { Body, Controller, HttpCode, HttpStatus, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SignInService } from '../account/sign-in.service';
import type { SignedInAdmin } from '../common/current-admin.decorator';
import { ApiErrorText, ApiFieldErrors } from '../common/api-docs';
import { Public } from '../common/public.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PasskeySignInDto } from './dto/passkey.dto';
import { AuthenticationOptionsDto } from './dto/webauthn.dto';
import { PasskeySignInService } from './passkey-sign-in.service';
import { relyingParty } from './relying-party';
import { SignInChallenges } from './sign-in-challenge';

/** Signing in with a passkey, in two steps like adding one; it ends as a password login does. */
@Controller('admins/login/passkey')
export class PasskeySignInController {
  constructor(
    private readonly passkeySignIn: PasskeySignInService,
    private readonly signIn: SignInService,
    private readonly challenges: SignInChallenges,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The options for `navigator.credentials.get()`; their challenge goes back in a signed cookie
   * valid 5 minutes (SignInChallenges), never in a session: anonymous calls store nothing.
   */
  @Public()
  @Post('options')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: AuthenticationOptionsDto, description: 'The options, and a cookie holding their challenge for 5 minutes' })
  @ApiErrorText(HttpStatus.TOO_MANY_REQUESTS, 'Too many requests from this address; Retry-After says when to try again')
  async options(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.challenges.limit(req);
    const options = await this.passkeySignIn.options(relyingParty(this.config));
    this.challenges.issue(res, options.challenge);
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
  ): Promise<{ admin: SignedInAdmin }> {
    const challenge = this.challenges.take(req, res);
    const address = req.ip ?? 'unknown';
    const { admin, credentialVersion } = await this.passkeySignIn.verify(dto.response, challenge, relyingParty(this.config), address);
    // Both factors at once: a full session at once, ended as after a password.
    await this.signIn.completeSignIn(req, res, admin, { credentialVersion, how: 'passkey' });
    return { admin };
  }
}
