import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { SessionData, Store } from 'express-session';

/** The session's data without its cookie, to tell a changed session from one only read. */
function contents(session: Request['session'] | undefined): string {
  if (!session) return '';
  const { cookie: _cookie, ...data } = session as unknown as Record<string, unknown>;
  return Object.keys(data).length === 0 ? '' : JSON.stringify(data);
}

/**
 * Writes the session to the store BEFORE the reply's headers go out, not after.
 *
 * express-session saves (or, with `rolling: true`, touches) the session inside res.end, after it
 * has already written the headers and part of the body
 * (https://github.com/expressjs/session/blob/v1.18.1/index.js#L277: writetop() runs before the
 * store answers). A replica killed during that write leaves the client a half-sent reply, which a
 * load balancer cannot retry on another replica. Installed after session(), this wraps res.end
 * outside express-session's own wrapper: it writes the session first (save() when it changed,
 * the store's touch() when it was only read), then lets express-session finish, whose own
 * touch of the same session object is then skipped. A kill before the write completes leaves
 * nothing sent, so the balancer retries an idempotent request elsewhere.
 *
 * It calls the store's touch() as configured, so a store that skips touches which barely move the
 * expiry keeps doing so; a session with no data (an anonymous visitor) is never written.
 */
export function sessionSavedBeforeReply(store: Store): RequestHandler {
  const writtenThisRequest = new WeakSet<object>();
  const touch = store.touch?.bind(store);
  if (touch) {
    store.touch = (sid, session, callback) => (writtenThisRequest.has(session) ? callback?.() : touch(sid, session, callback));
  }

  const write = (req: Request): Promise<void> =>
    new Promise((resolve, reject) => {
      const session = req.session;
      const done = (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error('session store failed')) : resolve());
      if (req.sessionID === session.id && contents(session) === (req as Request & { [READ]?: string })[READ] && touch) {
        session.touch();
        touch(req.sessionID, session as unknown as SessionData, done);
      } else {
        session.save(done);
      }
    });

  return (req: Request, res: Response, next: NextFunction) => {
    (req as Request & { [READ]?: string })[READ] = contents(req.session);
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let ending = false;
    res.end = ((...args: unknown[]) => {
      if (ending || !req.session || contents(req.session) === '' || res.headersSent) return end(...args);
      ending = true;
      const session = req.session;
      write(req).then(
        () => {
          writtenThisRequest.add(session);
          end(...args);
        },
        // express-session tries again in its own end and reports what fails there.
        () => end(...args),
      );
      return res;
    }) as Response['end'];
    next();
  };
}

/** Where the middleware keeps the session's contents as they were read. */
const READ = Symbol('sessionAsRead');
