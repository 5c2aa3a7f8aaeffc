import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createElement } from 'react';
import { ApiError } from '../common/api-error';
import { DatabaseOutage, isDatabaseUnavailable } from '../database/database-health';
import { AllExceptionsFilter, logFailure } from '../http/all-exceptions.filter';
import { isSitePath } from '../http/built-files';
import { sendMaintenancePage } from './maintenance-page';
import { PageCache } from './page-cache.service';
import { ProblemPage } from './pages/message-page';
import { SiteGate } from './site-gate.middleware';
import { SitePages } from './site-pages.service';
import { pageFor, sendOnce, sendPage } from './site-reply';
import { isProblemStatus, type ProblemStatus } from './words';

/**
 * The website's errors as its pages (SiteController's filter; the app's exception filter hands it
 * the website's paths that no route took, or that Express could not decode):
 *
 * - while the site is closed to the request (SiteGate), the maintenance page;
 * - not found: the 404 page (cached like any page);
 * - a refusal with a status of words.ts' `problems`: that page, with the refusal's headers
 *   (`Allow`, `Retry-After`); any other refusal (such as a path whose percent-encoding does not decode) 400;
 * - a database outage: the 503 page asking to come back shortly (logged once by DatabaseOutage);
 * - anything else: 500, logged with the request id.
 *
 * A path outside the website that a site route matched (`/:slug` takes `/api` itself) is the API's:
 * its refusal (a guard's 415, say) is answered in the API's JSON, as AllExceptionsFilter answers it.
 */
@Catch()
@Injectable()
export class SiteErrorFilter implements ExceptionFilter {
  constructor(
    private readonly gate: SiteGate,
    private readonly pages: SitePages,
    private readonly cache: PageCache,
    private readonly outage: DatabaseOutage,
  ) {
    this.api = new AllExceptionsFilter(outage);
  }

  /** The API's answers, for the paths outside the website. */
  private readonly api: AllExceptionsFilter;

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    if (!isSitePath(req.path)) return this.api.catch(exception, host);
    this.answer(exception, req, res).catch((error: unknown) => {
      logFailure(error, req);
      if (!res.headersSent) res.status(500);
      res.end();
    });
  }

  private async answer(exception: unknown, req: Request, res: Response): Promise<void> {
    if (res.headersSent) return void res.end();
    const visit = await this.gate.visit(req);
    if (!visit) return sendMaintenancePage(req, res, this.gate.behindCdn);
    const { view } = visit;
    const problem = (status: ProblemStatus, headers: Record<string, string> = {}) =>
      sendOnce(req, res, visit, createElement(ProblemPage, { site: view, status }), status, headers);
    const status = exception instanceof HttpException ? exception.getStatus() : (exception as { status?: unknown }).status;
    if (status === 404) {
      const { page } = await pageFor(this.cache, visit, null, this.pages.withMenus(this.pages.notFound));
      return void sendPage(req, res, visit, page);
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const headers = exception instanceof ApiError ? exception.headers : {};
      return problem(isProblemStatus(status) ? status : 400, headers);
    }
    if (isDatabaseUnavailable(exception)) {
      this.outage.report(exception);
      return problem(503, ApiError.unavailable().headers);
    }
    logFailure(exception, req);
    problem(500);
  }
}
