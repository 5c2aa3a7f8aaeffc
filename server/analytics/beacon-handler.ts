import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpStatus, Injectable } from '@nestjs/common';
import { DatabaseOutage } from '../database/database-health';
import type { AheadOfExpress } from '../http/ahead-of-express';
import { AllExceptionsFilter } from '../http/all-exceptions.filter';
import { addressOf, type TrustProxy } from '../http/client-address';
import { timeReply } from '../http/http-metrics';
import { COLLECT_GIF_PATH, COLLECT_PATH } from '../http/visitor-beacon';
import { CollectorService } from './collector.service';
import { countedPath, notAPerson, parseBeacon, type BeaconFields } from './hit';

/** The beacon's body is a few hundred bytes; anything much larger is not the beacon. */
const MAX_BODY_BYTES = 2048;

/**
 * The body as UTF-8 text (what sendBeacon sends a string as, never compressed; a script of the
 * site's own may send the same JSON as application/json), or undefined when over MAX_BODY_BYTES
 * or cut off. Read by hand: a parser's content-type handling and charset decoder cost the beacon
 * more than the rest of its view. An oversized body is still read to its end (and thrown away), so
 * the connection stays usable.
 */
function readText(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.once('end', () => resolve(size <= MAX_BODY_BYTES ? Buffer.concat(chunks).toString('utf8') : undefined));
    req.once('error', () => resolve(undefined));
  });
}

/** A transparent 1×1 GIF, the smallest there is. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * What the beacon's two routes do (CollectController documents them). configureApp has it answer
 * them ahead of Express (answerAheadOfExpress): a page view is the one request a site gets as often as its pages,
 * and Express's routing and the API's middleware cost more than the view itself (the session: a
 * visitor has none, and an administrator's must not be touched by a count; the same-origin check:
 * a page served from a CDN posts from another origin; the parsers; the request log). What the
 * beacon keeps of that middleware it does itself: the client's address as TRUST_PROXY says, the
 * API's security headers, the request's time in the metrics. Every view is answered at once, 204
 * or the pixel, with `no-store`: never an error for a malformed view (the page cannot show one,
 * and a junk sender learns nothing); a database that cannot give today's salt is a 503.
 */
@Injectable()
export class BeaconHandler implements AheadOfExpress {
  private readonly api: AllExceptionsFilter;
  private trust: TrustProxy = () => false;
  /** The headers every API reply carries (the security headers), as configureApp gives them. */
  private headers: Record<string, string> = {};

  constructor(
    private readonly collector: CollectorService,
    outage: DatabaseOutage,
  ) {
    this.api = new AllExceptionsFilter(outage);
  }

  /** Called once by configureApp, before the server takes requests. */
  configure(trust: TrustProxy, headers: Record<string, string>): void {
    this.trust = trust;
    this.headers = headers;
  }

  /**
   * Whether the request is the beacon's, while counting is on; if so, it is being answered. Any
   * other spelling of the routes (`/api/collect/`, ANALYTICS=off's 404) goes on to Express and
   * CollectController, which do the same.
   */
  answers(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.collector.enabled) return false;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (path === COLLECT_PATH && req.method === 'POST') {
      this.run(req, res, this.collect(req, res, addressOf(req, this.trust)));
      return true;
    }
    if (path === COLLECT_GIF_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      const params = new URLSearchParams(query === -1 ? '' : url.slice(query + 1));
      this.run(req, res, this.pixel(req, res, addressOf(req, this.trust), params.getAll('path')));
      return true;
    }
    return false;
  }

  /** Times the request as httpMetrics times the others, and answers its failure as the API's filter would. */
  private run(req: IncomingMessage, res: ServerResponse, work: Promise<void>): void {
    const path = req.url?.split('?')[0];
    timeReply(req, res, () => path ?? '');
    work.catch((error: unknown) => {
      const { status, body, headers } = this.api.reply(error, req);
      if (res.headersSent) return void res.end();
      res.writeHead(status, {
        ...this.headers,
        ...headers,
        'Cache-Control': 'no-store',
        'Content-Type': 'application/json; charset=utf-8',
      });
      res.end(JSON.stringify(body));
    });
  }

  /** The script's view: its JSON as text/plain (sendBeacon's type for a string) or application/json. */
  async collect(req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
    await this.count(req, address, parseBeacon(await readText(req)));
    res.writeHead(HttpStatus.NO_CONTENT, { ...this.headers, 'Cache-Control': 'no-store' });
    res.end();
  }

  /**
   * For browsers without script: the page's `?path=` (one; or, without it, the path of a Referer on
   * this site), no referrer.
   */
  async pixel(req: IncomingMessage, res: ServerResponse, address: string, paths: unknown[]): Promise<void> {
    const path = (paths.length === 1 ? countedPath(paths[0]) : null) ?? refererPath(req);
    await this.count(req, address, path === null ? null : { path, referrer: '', campaign: '', width: null });
    res.writeHead(HttpStatus.OK, {
      ...this.headers,
      'Cache-Control': 'no-store',
      'Content-Type': 'image/gif',
      'Content-Length': PIXEL.length,
    });
    res.end(PIXEL);
  }

  /** A person's view goes to the collector; a machine's is counted as dropped; junk is ignored. */
  private async count(req: IncomingMessage, address: string, fields: BeaconFields | null): Promise<void> {
    const userAgent = header(req, 'user-agent');
    const reason = notAPerson({
      method: req.method ?? '',
      userAgent,
      acceptLanguage: header(req, 'accept-language'),
      purpose: header(req, 'sec-purpose') ?? header(req, 'purpose'),
    });
    if (reason !== null) return this.collector.drop();
    if (fields === null) return;
    await this.collector.record({ address, userAgent: userAgent!, fields });
  }
}

/** A request header's value (the first, if sent twice). */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The path of the page that showed the image, when the Referer is a page of this site. */
function refererPath(req: IncomingMessage): string | null {
  const referer = header(req, 'referer');
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === req.headers.host ? countedPath(url.pathname) : null;
  } catch {
    return null;
  }
}
