import { createParamDecorator, HttpStatus, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Role } from '../roles/permissions';
import { ApiError } from './api-error';

/**
 * The signed-in admin, as the session store reads it with the session row (server/auth/session-store.ts)
 * and as replies show them: never the password hash. The one declaration: Passport's `req.user`,
 * the activity log's actor and the admins' replies all name this type.
 */
export interface SignedInAdmin {
  id: string;
  name: string;
  email: string;
  /** What they may do (server/roles/permissions.ts), read with the session row on every request. */
  role: Role;
  createdAt: Date;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Passport types `req.user` through Express's global namespace.
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: req.user is a SignedInAdmin, no cast.
    interface User extends SignedInAdmin {}
  }
}

/** The request's signed-in admin, or null on a public route visited without a session. */
export function signedInAdmin(req: Request): SignedInAdmin | null {
  return req.isAuthenticated() ? req.user : null;
}

/**
 * The signed-in admin making the request. For routes behind the session guard (every route not
 * @Public()); should one reach it without a session, it is refused as the guard would.
 */
export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInAdmin => {
  const admin = signedInAdmin(context.switchToHttp().getRequest<Request>());
  if (!admin) throw new ApiError(HttpStatus.UNAUTHORIZED, 'Not logged in');
  return admin;
});
