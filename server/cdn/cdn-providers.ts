import type { CdnConfig } from '../config/app-config';
import { EVERY_PUBLIC_PAGE } from '../content/content-kinds';
import { batches, type Purge } from './cdn-purge';

/** How long one call to a CDN may take. */
const CALL_TIMEOUT_MS = 10_000;
/** Cloudflare takes at most 30 tags, or 30 files, a call. */
const CLOUDFLARE_BATCH = 30;
/** Fastly takes up to 256 surrogate keys a call. */
const FASTLY_BATCH = 256;
/** Keys in one `xkey-purge` header: far below Varnish's header limits. */
const VARNISH_BATCH = 100;

/** A purge the CDN did not take: `retry` while it may yet (unreachable, 429, 5xx), not when it refused the call itself. */
export class PurgeError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** The addresses of `paths` for a purge by address (CdnPurges.addresses: each page of a list, every page for `/*`). */
export type Addresses = (paths: readonly string[]) => Promise<string[]>;

/** One CDN's way to purge. */
export interface CdnPurger {
  purge(purge: Purge, addresses: Addresses): Promise<void>;
}

async function call(url: string, init: RequestInit, { notFoundIsDone = false } = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new PurgeError(`${new URL(url).host} did not answer (${cause ?? (error as Error).message})`, true);
  }
  if (res.ok || (notFoundIsDone && res.status === 404)) return res;
  const body = (await res.text().catch(() => '')).slice(0, 300);
  throw new PurgeError(`${new URL(url).host} answered ${res.status}${body ? `: ${body}` : ''}`, res.status === 429 || res.status >= 500);
}

/**
 * Cloudflare: purge by tag, 30 a call; a zone whose plan has no purge by tag refuses it, and its
 * pages are purged by address instead (30 a call, `/*` as purge_everything).
 */
class Cloudflare implements CdnPurger {
  private tagPurge = true;

  constructor(
    private readonly config: CdnConfig,
    private readonly publicUrl: string,
  ) {}

  async purge({ tags, paths }: Purge, addresses: Addresses): Promise<void> {
    if (this.tagPurge) {
      try {
        for (const run of batches(tags, CLOUDFLARE_BATCH)) await this.send({ tags: run });
        return;
      } catch (error) {
        if (!noTagPurge(error)) throw error;
        this.tagPurge = false;
      }
    }
    if (paths.includes(EVERY_PUBLIC_PAGE)) return this.send({ purge_everything: true });
    const files = (await addresses(paths)).map((path) => new URL(path, this.publicUrl).href);
    for (const run of batches(files, CLOUDFLARE_BATCH)) await this.send({ files: run });
  }

  private async send(body: object): Promise<void> {
    await call(`${this.config.apiUrl}/zones/${encodeURIComponent(this.config.zone!)}/purge_cache`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${this.config.apiToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }
}

/** Cloudflare's refusal of a purge by tag on a plan without it (a 4xx whose message says so). */
function noTagPurge(error: unknown): boolean {
  return (
    error instanceof PurgeError &&
    !error.retry &&
    /tag/i.test(error.message) &&
    /plan|enterprise|not (allowed|available|entitled)/i.test(error.message)
  );
}

/** Fastly: a soft purge by surrogate key (the pages are marked stale, so they may still be served while the app is down). */
class Fastly implements CdnPurger {
  constructor(private readonly config: CdnConfig) {}

  async purge({ tags }: Purge): Promise<void> {
    for (const run of batches(tags, FASTLY_BATCH)) {
      await call(`${this.config.apiUrl}/service/${encodeURIComponent(this.config.service!)}/purge`, {
        method: 'POST',
        headers: {
          'Surrogate-Key': run.join(' '),
          'Fastly-Key': this.config.apiToken!,
          'Fastly-Soft-Purge': '1',
          Accept: 'application/json',
        },
      });
    }
  }
}

/** Varnish with vmod xkey (deploy/varnish/default.vcl): a PURGE with the tags in `xkey-purge`. */
class Varnish implements CdnPurger {
  constructor(private readonly config: CdnConfig) {}

  async purge({ tags }: Purge): Promise<void> {
    for (const run of batches(tags, VARNISH_BATCH)) {
      await call(`${this.config.purgeUrl}/`, { method: 'PURGE', headers: { 'xkey-purge': run.join(' ') } });
    }
  }
}

/**
 * nginx with the cache_purge module (deploy/nginx/cdn.conf): a PURGE per address at
 * CDN_PURGE_URL + path (Debian's module takes no wildcard); 404 is a page it did not hold.
 */
class Nginx implements CdnPurger {
  constructor(private readonly config: CdnConfig) {}

  async purge({ paths }: Purge, addresses: Addresses): Promise<void> {
    for (const path of await addresses(paths)) {
      await call(`${this.config.purgeUrl}${path}`, { method: 'PURGE' }, { notFoundIsDone: true });
    }
  }
}

/** The purger for CDN (never called for CDN=none). */
export function cdnPurger(config: CdnConfig, publicUrl: string): CdnPurger {
  switch (config.provider) {
    case 'cloudflare':
      return new Cloudflare(config, publicUrl);
    case 'fastly':
      return new Fastly(config);
    case 'varnish':
      return new Varnish(config);
    case 'nginx':
      return new Nginx(config);
  }
}
