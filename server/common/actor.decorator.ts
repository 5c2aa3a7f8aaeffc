import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Who makes a change, and from where: what the activity log records beside the change. */
export interface Actor {
  admin: { id: string; name: string };
  /** req.ip, which honours TRUST_PROXY; null where there is no request (command line). */
  address: string | null;
}

/** The logged-in admin making the request, and the client address (on admin routes only). */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor => {
  const req = context.switchToHttp().getRequest<Request>();
  const admin = req.user as { id: string; name: string };
  return { admin: { id: admin.id, name: admin.name }, address: req.ip ?? null };
});
