import { Injectable, Optional } from '@nestjs/common';
import { pageCacheRequests } from '../common/metrics';
import { affectsPublicPages, ContentEvents } from '../content/events/content-events.service';
import type { SendOptions, StaticFile } from '../http/static-assets';

/** A rendered page (or sitemap, robots.txt) as sent: its bytes in every encoding, its status. */
export interface BuiltPage {
  file: StaticFile;
  status: number;
  /** Headers of the page's own (a redirect's Location). */
  headers?: Record<string, string>;
  /** Cache tags of the item it shows (an article's `news-<id>`), beside its route's (site-routes.ts). */
  tags?: readonly string[];
}

/**
 * How a page was sent to a visitor whose address is its key (SiteController): the same reply,
 * which CachedPageHandler gives the next visitors at that address without Express.
 */
export interface VisitorReply extends SendOptions {
  /** The site route it matched (`/news/:id`), for the request log and the metrics. */
  route: string;
}

/** A page kept, and how it was sent to a visitor at its key's address, once it has been. */
interface Entry {
  page: BuiltPage;
  expiresAt: number;
  bytes: number;
  reply?: VisitorReply;
}

/**
 * How long a page is served from memory. Changes clear it sooner (content events, from every
 * replica on PostgreSQL): this bounds a change this replica was not told of (its LISTEN connection
 * was down).
 */
export const PAGE_TTL_MS = 5000;
/** Bounds on what the cache holds, whatever the keys asked for (a fixed number of pages per article and list page). */
export const MAX_ENTRIES = 2000;
export const MAX_BYTES = 32 * 1024 * 1024;

function sizeOf(page: BuiltPage): number {
  return Object.values(page.file.variants).reduce((sum, variant) => sum + (variant?.body.length ?? 0), 0);
}

/**
 * The public pages, rendered and compressed once and then served from memory for PAGE_TTL_MS.
 * Keys name what was rendered (the settings' version, the origin, the page), never raw URLs, so
 * junk query strings cannot fill it. Requests that miss together share one rendering. `clear()`
 * drops everything, and a rendering begun before it is not kept. It is cleared by every content
 * event that may change a visitor's page (affectsPublicPages), this replica's after their commit
 * and before the admin's reply, so the change shows on the next request here; other replicas'
 * as PostgreSQL tells of them. Adding a passkey, ending sessions, a test mail raise none.
 */
@Injectable()
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<BuiltPage | null>>();
  private bytes = 0;
  private generation = 0;

  /** Without events (a test's own cache) it is cleared by `clear()` alone. */
  constructor(@Optional() events?: ContentEvents) {
    events?.subscribe((changes) => {
      if (changes.some(affectsPublicPages)) this.clear();
    });
  }

  /** The page under `key`, rendered by `render` when missing or stale; null (not found) is never kept. */
  get(key: string, render: () => Promise<BuiltPage | null>): Promise<BuiltPage | null> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now()) {
      pageCacheRequests.inc({ result: 'hit' });
      return Promise.resolve(entry.page);
    }
    if (entry) this.remove(key);
    const pending = this.rendering.get(key);
    if (pending) {
      pageCacheRequests.inc({ result: 'shared' });
      return pending;
    }
    pageCacheRequests.inc({ result: 'miss' });
    const generation = this.generation;
    const rendered = render()
      .then((page) => {
        if (page && generation === this.generation) this.keep(key, page);
        return page;
      })
      .finally(() => {
        if (this.rendering.get(key) === rendered) this.rendering.delete(key);
      });
    this.rendering.set(key, rendered);
    return rendered;
  }

  /**
   * Keeps how `page`, the one kept under `key`, was sent to a visitor whose address is that key
   * (`reply`), for `answer`. Nothing when the key holds another page by now (a clear came between).
   */
  remember(key: string, page: BuiltPage, reply: VisitorReply): void {
    const entry = this.entries.get(key);
    if (entry?.page === page) entry.reply = reply;
  }

  /** The page under `key` and how to send it (`remember`), while it is fresh; else undefined, and `get` must build it. */
  answer(key: string): { page: BuiltPage; reply: VisitorReply } | undefined {
    const entry = this.entries.get(key);
    if (!entry?.reply || entry.expiresAt <= Date.now()) return undefined;
    pageCacheRequests.inc({ result: 'hit' });
    return { page: entry.page, reply: entry.reply };
  }

  /** Forgets every page, and every rendering still under way. */
  clear(): void {
    this.entries.clear();
    this.rendering.clear();
    this.bytes = 0;
    this.generation += 1;
  }

  /** How many pages it holds now (for the tests). */
  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, page: BuiltPage): void {
    const bytes = sizeOf(page);
    if (bytes > MAX_BYTES) return;
    const now = Date.now();
    this.remove(key);
    this.entries.set(key, { page, expiresAt: now + PAGE_TTL_MS, bytes });
    this.bytes += bytes;
    // Oldest first (a Map keeps insertion order, and every entry lives as long): expired ones go
    // (pages of an older settings version are never asked for again), then any over the bounds.
    for (const [oldest, entry] of this.entries) {
      if (entry.expiresAt > now && this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
