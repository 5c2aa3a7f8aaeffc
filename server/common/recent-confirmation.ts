import { applyDecorators, CanActivate, ExecutionContext, HttpStatus, Injectable, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { ApiFieldErrors } from './api-docs';
import { ApiError } from './api-error';

/** How long a confirmation (the sign-in, or POST /api/admins/me/confirm) opens lasting changes: ASVS 5.0 7.5. */
export const CONFIRMATION_MS = 5 * 60 * 1000;

export const CONFIRM_FIRST = 'Confirm it is you: enter your password or use a passkey, then make this change again.';

/**
 * Refuses a request whose session was not confirmed in the last CONFIRMATION_MS with a 403 keyed
 * `password`, the field the panel's confirmation dialog asks for. The confirmation's time is in the
 * session row (`confirmedAt`, set by SignInService and the confirm route), so it holds on every replica.
 */
@Injectable()
export class RecentConfirmationGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const at = context.switchToHttp().getRequest<Request>().session?.confirmedAt;
    const age = typeof at === 'number' ? Date.now() - at : Number.POSITIVE_INFINITY;
    if (age >= 0 && age <= CONFIRMATION_MS) return true;
    throw ApiError.field('password', CONFIRM_FIRST, HttpStatus.FORBIDDEN);
  }
}

/**
 * On a route whose change outlives a password change (a passkey, a second factor, other sessions
 * ended): a session alone (an unlocked laptop) is not enough, its admin must have confirmed who
 * they are in the last 5 minutes. Runs after the global guards (a session, a second factor).
 */
export const RequiresRecentConfirmation = () =>
  applyDecorators(
    UseGuards(RecentConfirmationGuard),
    ApiFieldErrors('No confirmation in the last 5 minutes (keyed password): POST /api/admins/me/confirm, then again', HttpStatus.FORBIDDEN),
  );
