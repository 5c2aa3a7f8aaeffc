import type { Socket } from 'node:net';
import { Client } from 'pg';
import { databaseQueryErrors } from '../common/metrics';
import { isDatabaseUnavailable } from './database-health';

/** The message pg gives a query that outlived `query_timeout`. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

type Callback = (error: Error | null, result?: unknown) => void;

/**
 * pg's Client, except that a query that outlives `query_timeout` also closes its connection, and
 * every failed query is counted in db_query_errors_total.
 *
 * pg answers the timed-out query with an error but keeps the connection, whose server still owes
 * that query's reply. On a frozen server the next statement on it, the ROLLBACK that TypeORM sends
 * after the failure, then waits behind it for a whole second timeout: a write answered its 503 only
 * after BEGIN's 2 s, the ROLLBACK's 2 s and a wait for a pooled connection (6.0 s measured). Closed,
 * the ROLLBACK fails at once (the server rolls back by itself when it notices the closed
 * connection), TypeORM rethrows the first error, and pg-pool discards the client: one timeout per
 * transaction, whichever statement (BEGIN, a write, the activity row, COMMIT) it waited on.
 *
 * Given to pg-pool as `extra.Client` (see data-source-options.ts).
 */
export class BoundedClient extends Client {}

// eslint-disable-next-line @typescript-eslint/unbound-method -- called below with apply(this, …)
const query = Client.prototype.query as (this: Client, ...args: unknown[]) => unknown;

function failed(client: Client, error: unknown): void {
  if (!error) return;
  const code = (error as { code?: unknown }).code;
  if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) {
    databaseQueryErrors.inc({ reason: 'timeout' });
    (client as unknown as { connection?: { stream?: Socket } }).connection?.stream?.destroy();
  } else if (code === '57014') databaseQueryErrors.inc({ reason: 'timeout' });
  else if (isDatabaseUnavailable(error)) databaseQueryErrors.inc({ reason: 'unavailable' });
  else if (typeof code === 'string' && code.startsWith('23')) databaseQueryErrors.inc({ reason: 'constraint' });
  else databaseQueryErrors.inc({ reason: 'error' });
}

BoundedClient.prototype.query = function (this: Client, ...args: unknown[]): unknown {
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const callback = args[last] as Callback;
    args[last] = (error: Error | null, result?: unknown) => {
      failed(this, error);
      callback(error, result);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, args);
  if (result instanceof Promise) {
    return result.catch((error: unknown) => {
      failed(this, error);
      throw error;
    });
  }
  return result;
} as Client['query'];
