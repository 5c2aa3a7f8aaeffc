import { createParamDecorator, HttpStatus, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from './api-error';
import { signedInAdmin, type SignedInAdmin } from './current-admin.decorator';

/** Who makes a change, and from where: what the activity log records beside the change. */
export interface Actor {
  /**
   * The command line knows a name and an id only; a request knows the whole SignedInAdmin, its role
   * included (without one, as on the command line, the actor may do anything: roleOf).
   */
  admin: Pick<SignedInAdmin, 'id' | 'name'> & Partial<Pick<SignedInAdmin, 'role'>>;
  /** req.ip, which honours TRUST_PROXY; null where there is no request (command line). */
  address: string | null;
}

/** An actor on a request: the whole signed-in admin (their email for a notice, say). */
export interface SignedInActor extends Actor {
  admin: SignedInAdmin;
}

/** The logged-in admin making the request, and the client address (on admin routes only). */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInActor => {
  const req = context.switchToHttp().getRequest<Request>();
  const admin = signedInAdmin(req);
  if (!admin) throw new ApiError(HttpStatus.UNAUTHORIZED, 'Not logged in');
  return { admin, address: req.ip ?? null };
});
