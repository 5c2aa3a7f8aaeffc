import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import { ApiError, toError } from '../common/api-error';
import { INVALID_LOGIN } from './auth.service';
import { PASSPORT, type AppPassport, type LoginInfo } from './passport';
import { SignInService } from '../account/sign-in.service';
import type { SignedInAdmin } from '../common/current-admin.decorator';
import { SecondFactorService } from '../second-factor/second-factor.service';

/** Checks the credentials with passport-local, then signs the admin in (or holds them for the second step). */
@Injectable()
export class LoginGuard implements CanActivate {
  constructor(
    @Inject(PASSPORT) private readonly passport: AppPassport,
    private readonly signIn: SignInService,
    private readonly factors: SecondFactorService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const [admin, info] = await new Promise<[SignedInAdmin | false, LoginInfo | undefined]>((resolve, reject) => {
      const authenticate = this.passport.authenticate('local', (error: unknown, user: SignedInAdmin | false, found?: LoginInfo) =>
        error ? reject(toError(error)) : resolve([user, found]),
      ) as RequestHandler;
      void authenticate(req, res, (error?: unknown) => reject(toError(error)));
    });
    // passport-local fails without calling the strategy's check when a field is missing.
    if (!admin || !info) throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_LOGIN);
    // An admin with a second factor gets a half-open session (server/second-factor completes it).
    if (await this.factors.holdForSecondStep(req, admin, info.credentialVersion)) return true;
    await this.signIn.completeSignIn(req, res, admin, { credentialVersion: info.credentialVersion, how: 'password' });
    return true;
  }
}
