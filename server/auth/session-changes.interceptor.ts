import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { mergeMap, type Observable } from 'rxjs';
import { SessionStore } from './session-store.service';

/**
 * A change under /api/admins (removing an admin, changing a password) ends sessions with SQL:
 * before it answers, this replica waits until it has heard of those ends (SessionStore.settle),
 * so the very next request here cannot be served from a session held in memory.
 */
@Injectable()
export class SessionChangesSettled implements NestInterceptor {
  constructor(private readonly sessions: SessionStore) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    if (req.method === 'GET' || req.method === 'HEAD' || !req.path.startsWith('/api/admins')) return next.handle();
    return next.handle().pipe(
      mergeMap(async (reply: unknown) => {
        await this.sessions.store.settle();
        return reply;
      }),
    );
  }
}
