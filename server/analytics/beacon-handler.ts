import { HttpStatus, Injectable } from '@nestjs/common';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { COLLECT_GIF_PATH, COLLECT_PATH } from '../http/visitor-beacon';
import { CollectorService } from './collector.service';
import { countedPath, notAPerson, parseBeacon, type BeaconFields } from './hit';

/** The beacon's body is a few hundred bytes; anything much larger is not the beacon. */
const MAX_BODY_BYTES = 2048;

/**
 * The body as UTF-8 text (what sendBeacon sends a string as, never compressed), or undefined when
 * over MAX_BODY_BYTES or cut off. Read by hand rather than by express.text: its content-type
 * parsing, type check and charset decoder cost the beacon more than the rest of its view. An
 * oversized body is still read to its end (and thrown away), so the connection stays usable.
 */
function readText(req: Request): Promise<string | undefined> {
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

/** The same view as application/json (a script of the site's own, not the beacon): Express's parser. */
const readJson = express.json({ limit: MAX_BODY_BYTES });

/** A transparent 1×1 GIF, the smallest there is. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * What the beacon's two routes do (CollectController documents them). configureApp mounts
 * `handler` ahead of the API's middleware, which the beacon needs none of and which would cost it
 * most of its time: the session (a visitor has none, and an administrator's must not be touched
 * by a count), the same-origin check (a page served from a CDN posts from another origin), the
 * JSON parser. Every view is answered at once, 204 or the pixel, with `no-store`: never an error
 * for a malformed view (the page cannot show one, and a junk sender learns nothing).
 */
@Injectable()
export class BeaconHandler {
  constructor(private readonly collector: CollectorService) {}

  /** The beacon's requests, while counting is on (ANALYTICS=off: on to the API, whose controller answers 404). */
  readonly handler: RequestHandler = (req, res, next) => {
    if (!this.collector.enabled) return next();
    if (req.path === COLLECT_PATH && req.method === 'POST') return void this.collect(req, res).catch(next);
    if (req.path === COLLECT_GIF_PATH && (req.method === 'GET' || req.method === 'HEAD')) return void this.pixel(req, res).catch(next);
    next();
  };

  /** The script's view: its JSON as text/plain (sendBeacon's type for a string) or application/json. */
  async collect(req: Request, res: Response): Promise<void> {
    const text = req.is('application/json')
      ? await new Promise<unknown>((resolve) => readJson(req, res, (error?: unknown) => resolve(error ? undefined : req.body)))
      : await readText(req);
    await this.count(req, parseBeacon(text));
    res.status(HttpStatus.NO_CONTENT).setHeader('Cache-Control', 'no-store');
    res.end();
  }

  /** For browsers without script: the page's `?path=` (or, without it, the path of a Referer on this site), no referrer. */
  async pixel(req: Request, res: Response): Promise<void> {
    const path = countedPath(req.query.path) ?? refererPath(req);
    await this.count(req, path === null ? null : { path, referrer: '', campaign: '', width: null });
    res.status(HttpStatus.OK).setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'image/gif');
    res.end(PIXEL);
  }

  /** A person's view goes to the collector; a machine's is counted as dropped; junk is ignored. */
  private async count(req: Request, fields: BeaconFields | null): Promise<void> {
    const userAgent = req.get('user-agent');
    const reason = notAPerson({
      method: req.method,
      userAgent,
      acceptLanguage: req.get('accept-language'),
      purpose: req.get('sec-purpose') ?? req.get('purpose'),
    });
    if (reason !== null) return this.collector.drop();
    if (fields === null) return;
    await this.collector.record({ address: req.ip ?? '', userAgent: userAgent!, fields });
  }
}

/** The path of the page that showed the image, when the Referer is a page of this site. */
function refererPath(req: Request): string | null {
  const referer = req.get('referer');
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === req.get('host') ? countedPath(url.pathname) : null;
  } catch {
    return null;
  }
}
