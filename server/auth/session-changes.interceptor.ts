import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { mergeMap, type Observable } from 'rxjs';
import { SessionStore } from './session-store.service';

/** The routes that end other sessions with SQL (AdminsService): removing an admin, changing one's password. */
function endsSessions(req: Request): boolean {
  return (
    (req.method === 'DELETE' && req.path.startsWith('/api/admins/')) || (req.method === 'POST' && req.path === '/api/admins/me/password')
  );
}

/**
 * A request that ends sessions with SQL answers only once this replica has heard of those ends
 * (SessionStore.settle), so the very next request here cannot be served from a session held in
 * memory. (A logout ends its own session through the store, which forgets it at once.)
 */
@Injectable()
export class SessionChangesSettled implements NestInterceptor {
  constructor(private readonly sessions: SessionStore) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    if (!endsSessions(req)) return next.handle();
    return next.handle().pipe(
      mergeMap(async (reply: unknown) => {
        await this.sessions.store.settle();
        return reply;
      }),
    );
  }
}
