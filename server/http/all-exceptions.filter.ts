import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { isSitePath } from './built-files';
import type { Request, Response } from 'express';
import { DatabaseOutage, isDatabaseUnavailable } from '../database/database-health';
import { ApiError, conflictFor } from '../common/api-error';

const STATUS_TEXT: Partial<Record<number, string>> = {
  400: 'Bad request',
  401: 'Not logged in',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body is too large',
  415: 'Unsupported content type',
  429: 'Too many requests',
};

/**
 * The one place that turns exceptions into replies: always `{ error: … }`, never a stack, a query
 * or a path. Route handlers, guards and pipes throw; the middleware in front of the routes (the
 * cross-site check, the JSON parser, the built files) hands its errors to Express's `next`, and
 * Nest's Express adapter brings those here too. The public website's paths (isSitePath) that no
 * route took, or that Express could not decode, go to `site` (SiteErrorFilter), for its pages. A unique violation becomes the 409 its entity
 * declares (see ConflictOn). Unexpected errors are logged with the request id and answered with a
 * plain 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  /** `outage` logs a database outage once instead of a stack per request. */
  constructor(
    private readonly outage?: DatabaseOutage,
    private readonly site?: ExceptionFilter,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    if (this.site && isSitePath(req.path)) return void this.site.catch(exception, host);
    const { status, body, headers } = this.reply(exception, req);
    if (res.headersSent) {
      res.end();
      return;
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.status(status).json(body);
  }

  /** The reply to `thrown` (logged when unexpected): for this filter, and for the beacon, which Express never sees. */
  reply(thrown: unknown, req: FailedRequest): { status: number; body: unknown; headers: Record<string, string> } {
    const exception = conflictFor(thrown) ?? thrown;
    if (exception instanceof ApiError) {
      return { status: exception.getStatus(), body: exception.getResponse(), headers: exception.headers };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'object' && response !== null && 'error' in response && !('statusCode' in response)) {
        return { status, body: response, headers: {} };
      }
      const message = typeof response === 'object' && response !== null && 'message' in response ? response.message : response;
      const text = typeof message === 'string' && status < 500 ? message : undefined;
      if (status >= 500) logFailure(exception, req);
      return {
        status,
        body: { error: status >= 500 ? 'Something went wrong' : (this.plain(text) ?? STATUS_TEXT[status] ?? 'Request failed') },
        headers: {},
      };
    }
    if (isDatabaseUnavailable(exception)) {
      this.outage?.report(exception);
      return this.reply(ApiError.unavailable(), req);
    }
    logFailure(exception, req);
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { error: 'Something went wrong' }, headers: {} };
  }

  /** Nest's own messages for unknown routes name the method and path; a client needs neither. */
  private plain(text: string | undefined): string | undefined {
    if (text === undefined) return undefined;
    if (/^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.test(text)) return 'Not found';
    return text;
  }
}

const failures = new Logger('Exceptions');

/** What a failure's log line names: an Express request, or a bare one (the beacon's, answered ahead of Express). */
type FailedRequest = Pick<IncomingMessage, 'method' | 'url'> & { id?: string; path?: string };

/** The one log line for a request that failed unexpectedly: its id, method, path and the stack. */
export function logFailure(exception: unknown, req: FailedRequest): void {
  const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
  failures.error(`request ${req.id ?? '-'} ${req.method} ${req.path ?? req.url?.split('?')[0]} failed: ${detail}`);
}
