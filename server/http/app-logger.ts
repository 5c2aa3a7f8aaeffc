import { ConsoleLogger, Logger, type LogLevel } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { AppConfig } from '../config/app-config';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/**
 * The app's logger: Nest's own ConsoleLogger, which since Nest 11 writes JSON lines
 * (LOG_FORMAT=json, the production default: one object per line with level, timestamp, context,
 * message and flattened fields) or readable lines (LOG_FORMAT=pretty). It is chosen over pino
 * (nestjs-pino 5 does support Nest 12) because it needs no dependency or adapter, Nest's own
 * start-up and error messages come out in the same format without buffering tricks, and its
 * `redact` masks secrets in logged objects; the volume here (one line per request) does not need
 * pino's speed.
 */
export function createAppLogger(config: Pick<AppConfig, 'logFormat' | 'logLevel'>): ConsoleLogger {
  const json = config.logFormat === 'json';
  return new ConsoleLogger({
    logLevels: LEVELS.slice(0, LEVELS.indexOf(config.logLevel) + 1),
    json,
    // NO_COLOR (set in the image) or a pipe turns colours off in readable mode.
    colors: !json && !process.env.NO_COLOR && process.stdout.isTTY,
    flattenParams: true,
    redact: ['password', 'passwordHash', 'cookie', 'authorization', 'sessionSecret', 'setupToken', 'sid'],
  });
}

const requestLogger = new Logger('HTTP');

/** Paths whose successful requests are logged at `debug` only (see logReply). */
const QUIET_PATHS = ['/api/health', '/assets/', '/api/collect'];

/** What a request's log line names besides its method, path, status and time. */
interface Logged {
  reqId: string | undefined;
  /** The route it matched (`/news/:id`), if any. */
  route: string | undefined;
}

/**
 * One line per request once its reply is sent: request id (X-Request-Id), method, path without
 * the query string (it may carry a setup token), the matched route, status and duration. No
 * headers or bodies, so no cookies, session ids, passwords or Authorization. Health probes and
 * hashed static assets that succeed are logged at `debug` only: a load balancer polls health every
 * few seconds and one page load fetches several assets, which would drown the requests that matter.
 * So are the visitor-count beacons (one per page view): a JSON line each cost the beacon a large
 * share of its time under load, and the counts themselves say what they were.
 *
 * requestLog writes it for Express's requests; those answered ahead of Express call logReply
 * themselves. `fields` is read when the reply is sent, when the route is known.
 */
export function logReply(req: Pick<IncomingMessage, 'method' | 'url'>, res: ServerResponse, fields: () => Logged): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const status = res.statusCode;
    const path = (req.url ?? '').split('?')[0];
    const { reqId, route } = fields();
    const line = {
      reqId,
      method: req.method,
      path,
      route,
      status,
      durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
    };
    const message = `${req.method} ${path} ${status}`;
    if (status < 400 && QUIET_PATHS.some((prefix) => path.startsWith(prefix))) requestLogger.debug(message, line);
    else requestLogger.log(message, line);
  });
}

export const requestLog: RequestHandler = (req, res, next) => {
  // Express rewrites req.url on the way (a mount point, a language's prefix): the line names the
  // address asked for.
  logReply({ method: req.method, url: req.originalUrl }, res, () => ({
    reqId: (req as Request & { id?: string }).id,
    route: (req.route as { path?: string } | undefined)?.path,
  }));
  next();
};
