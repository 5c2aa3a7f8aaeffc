import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';

/** Network errors of the socket to PostgreSQL (or the embedded server's unix socket). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for a server that cannot serve: class 08 (connection exception), 57P01
 * admin_shutdown (pg_terminate_backend, a fast stop), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting or stopping), 57014 query_canceled (statement_timeout), 53300
 * too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

/** Messages of pg and pg-pool, which carry no code. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /not queryable/i,
  /cannot use a pool after calling end/i,
  /client was closed and is not queryable/i,
  /connection is not established/i,
  // TypeORM releases a query runner whose connection failed; its next query throws this.
  /query runner already released/i,
];

/**
 * Whether an error means the database is down, frozen or cut off, rather than a bug or bad input.
 * Looks through TypeORM's wrapper (`driverError`) and `cause` chains.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const current = queue.shift();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, driverError, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    queue.push(driverError, cause);
    // An AggregateError from a connection attempt to several addresses (IPv4 and IPv6).
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return false;
}

const PROBE_INTERVAL_MS = 1000;

/**
 * Logs a database outage once when it starts and once when it ends, with its length, instead of a
 * stack per failed request. Its end is found by probing with `SELECT 1` once a second while it
 * lasts; nothing runs while the database is fine.
 */
@Injectable()
export class DatabaseOutage implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private since: number | undefined;
  private probe: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly dataSource: DataSource) {}

  get ongoing(): boolean {
    return this.since !== undefined;
  }

  /** A request failed because the database is unavailable. */
  report(error: unknown): void {
    if (this.since !== undefined || this.stopped) return;
    this.since = Date.now();
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.error(`The database is unavailable (${reason}); requests are answered 503 until it is back`);
    this.probe = setInterval(() => void this.check(), PROBE_INTERVAL_MS);
    this.probe.unref();
  }

  /** Stops probing: the app is closing. */
  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.probe) clearInterval(this.probe);
    this.probe = undefined;
  }

  private checking = false;

  private async check(): Promise<void> {
    if (this.checking || this.since === undefined) return;
    this.checking = true;
    try {
      await (this.dataSource.driver as unknown as { master: Pool }).master.query('SELECT 1');
      const seconds = ((Date.now() - this.since) / 1000).toFixed(1);
      this.since = undefined;
      if (this.probe) clearInterval(this.probe);
      this.probe = undefined;
      this.logger.log(`The database is available again after ${seconds} s`);
    } catch {
      // Still down: the next probe tries again.
    } finally {
      this.checking = false;
    }
  }
}
