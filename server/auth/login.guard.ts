import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import type { PublicAdmin } from '../admins/admins.service';
import { ApiError, toError } from '../common/api-error';
import { INVALID_LOGIN } from './auth.service';
import { PASSPORT, type AppPassport } from './passport';
import { SessionsService } from './sessions.service';

/** Checks the credentials with passport-local, then starts a new session for the admin. */
@Injectable()
export class LoginGuard implements CanActivate {
  constructor(
    @Inject(PASSPORT) private readonly passport: AppPassport,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const admin = await new Promise<PublicAdmin | false>((resolve, reject) => {
      const authenticate = this.passport.authenticate('local', (error: unknown, user: PublicAdmin | false) =>
        error ? reject(toError(error)) : resolve(user),
      ) as RequestHandler;
      void authenticate(req, res, (error?: unknown) => reject(toError(error)));
    });
    // passport-local fails without calling the strategy's check when a field is missing.
    if (!admin) throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_LOGIN);
    await this.sessions.start(req, admin);
    return true;
  }
}
