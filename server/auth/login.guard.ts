import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import type { PublicAdmin } from '../admins/admins.service';
import { ApiError, toError } from '../common/api-error';
import { INVALID_LOGIN } from './auth.service';
import { PASSPORT, type AppPassport, type LoginInfo } from './passport';
import { SessionStartService } from '../account/session-start.service';
import { SecondFactorService } from '../second-factor/second-factor.service';

/** Checks the credentials with passport-local, then starts a new session for the admin. */
@Injectable()
export class LoginGuard implements CanActivate {
  constructor(
    @Inject(PASSPORT) private readonly passport: AppPassport,
    private readonly sessions: SessionStartService,
    private readonly factors: SecondFactorService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const [admin, info] = await new Promise<[PublicAdmin | false, LoginInfo | undefined]>((resolve, reject) => {
      const authenticate = this.passport.authenticate('local', (error: unknown, user: PublicAdmin | false, found?: LoginInfo) =>
        error ? reject(toError(error)) : resolve([user, found]),
      ) as RequestHandler;
      void authenticate(req, res, (error?: unknown) => reject(toError(error)));
    });
    // passport-local fails without calling the strategy's check when a field is missing.
    if (!admin || !info) throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_LOGIN);
    // An admin with a second factor gets a half-open session (server/second-factor completes it).
    if (await this.factors.holdForSecondStep(req, admin, info.credentialVersion)) return true;
    await this.sessions.begin(req, admin, info.credentialVersion);
    return true;
  }
}
