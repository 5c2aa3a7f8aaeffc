import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { ApiError } from '../common/api-error';
import { IS_PUBLIC } from '../common/public.decorator';
import { INVALID_LOGIN } from './auth.service';

/** Global: every route needs a logged-in admin unless it says @Public(). */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (req.isAuthenticated()) return true;
    throw new ApiError(HttpStatus.UNAUTHORIZED, 'Not logged in');
  }
}

/** Checks the credentials with passport-local, then starts a new session for the admin. */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const ok = (await super.canActivate(context)) as boolean;
    // passport ≥ 0.6 regenerates the session here, so the id the client had before is discarded.
    await super.logIn(context.switchToHttp().getRequest());
    return ok;
  }

  handleRequest<T>(error: unknown, admin: T): T {
    if (error) throw error;
    // passport-local fails without calling validate() when a field is missing.
    if (!admin) throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_LOGIN);
    return admin;
  }
}
