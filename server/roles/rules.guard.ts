import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiError } from '../common/api-error';
import { signedInAdmin } from '../common/current-admin.decorator';
import { ACTS_FOR_SIGNED_IN, IS_PUBLIC } from '../common/public.decorator';
import { ALLOW } from './allow.decorator';
import { may, type Permission } from './permissions';

export const FORBIDDEN = "You don't have access to this.";

/**
 * Global, after SessionGuard: the signed-in admin's role (read with the session row on every
 * request, so a changed role holds at once on every replica) must hold the route's @Allow()
 * permission. Closed by default: a route that is not @Public() and declares nothing is refused to
 * everyone. Public routes pass, but for those acting for a signed-in admin (@ActsForSignedIn()),
 * where a declared permission holds for them.
 */
@Injectable()
export class RulesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(ALLOW, targets);
    const open = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    // The website's own routes (public, outside /api) have no session layer to ask.
    if (open && (!permission || !this.reflector.getAllAndOverride<boolean>(ACTS_FOR_SIGNED_IN, targets))) return true;
    const admin = signedInAdmin(context.switchToHttp().getRequest<Request>());
    if (open && !admin) return true;
    // Without an admin SessionGuard has answered 401 already.
    if (admin && permission && may(admin.role, permission)) return true;
    throw new ApiError(HttpStatus.FORBIDDEN, FORBIDDEN);
  }
}
