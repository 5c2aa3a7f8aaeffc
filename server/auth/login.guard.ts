import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import type { PublicAdmin } from '../admins/admins.service';
import { ApiError, toError } from '../common/api-error';
import { INVALID_LOGIN } from './auth.service';
import { PASSPORT, type AppPassport } from './passport';
import { SecondFactorService } from '../second-factor/second-factor.service';

/** Checks the credentials with passport-local, then starts a new session for the admin. */
@Injectable()
export class LoginGuard implements CanActivate {
  constructor(
    @Inject(PASSPORT) private readonly passport: AppPassport,
    private readonly factors: SecondFactorService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const admin = await new Promise<PublicAdmin | false>((resolve, reject) => {
      const authenticate = this.passport.authenticate('local', (error: unknown, user: PublicAdmin | false) =>
        error ? reject(toError(error)) : resolve(user),
      ) as RequestHandler;
      void authenticate(req, res, (error?: unknown) => reject(toError(error)));
    });
    // passport-local fails without calling the strategy's check when a field is missing.
    if (!admin) throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_LOGIN);
    // An admin with a second factor gets a half-open session (server/second-factor completes it).
    if (await this.factors.holdForSecondStep(req, admin)) return true;
    // passport ≥ 0.6 regenerates the session here, so the id the client had before is discarded.
    await new Promise<void>((resolve, reject) => req.logIn(admin, (error) => (error ? reject(toError(error)) : resolve())));
    return true;
  }
}
