import type { Pool } from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Every metric the app exposes, in one registry per process, defined once here so the code that
 * measures (a middleware, the photo processor, the page cache, the pg client) needs no injection:
 * it imports its metric and counts. Served at /metrics on METRICS_PORT (metrics.module.ts).
 *
 * Labels are bounded: a route pattern, never a URL; a status class, never a code per client.
 */
export const registry = new Registry();

// Event-loop lag, heap, GC, RSS, open handles, CPU: prom-client's set, prefixed like ours.
collectDefaultMetrics({ register: registry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request to the end of its reply, by method, route pattern and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const databaseQueryErrors = new Counter({
  name: 'db_query_errors_total',
  help: 'Failed database queries by reason: timeout (statement_timeout, or the client gave up), unavailable (connection lost or refused), constraint (a unique or foreign key violation), error (any other)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const photoProcessingDuration = new Histogram({
  name: 'photo_processing_seconds',
  help: 'Time to check and re-encode an uploaded photo, by outcome (ok or refused)',
  labelNames: ['outcome'] as const,
  buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const pageCacheRequests = new Counter({
  name: 'site_page_cache_requests_total',
  help: 'Public page lookups in the in-process page cache, by result (hit, shared: joined a rendering under way, miss)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const contentEvents = new Counter({
  name: 'content_events_total',
  help: 'Changes to public content raised by this replica and delivered after their commit, by kind and change (a scheduled article counts once, on the replica that claimed it)',
  labelNames: ['kind', 'change'] as const,
  registers: [registry],
});

/**
 * A gauge read when Prometheus scrapes, e.g. the outbox's depth:
 * `scrapedGauge('outbox_due_mail', 'Mail due to be sent', () => outbox.countDue())`. The read may
 * be async; a failed read (the database is down) shows NaN rather than failing the whole scrape.
 */
export function scrapedGauge(name: string, help: string, read: () => number | Promise<number>): Gauge {
  const existing = registry.getSingleMetric(name);
  if (existing) registry.removeSingleMetric(name);
  return new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      try {
        this.set(await read());
      } catch {
        this.set(Number.NaN);
      }
    },
  });
}

const pools = new Set<Pool>();

/** Connections of the app's pg pool(s): in use by a query or transaction, idle, and callers waiting for one. */
export const databasePoolConnections = new Gauge({
  name: 'db_pool_connections',
  help: 'Database pool connections by state: in_use, idle, and waiting (callers queued for a connection)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'in_use' }, total - idle);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/** Counts this pool in db_pool_connections until the returned function is called. */
export function watchPool(pool: Pool): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}
