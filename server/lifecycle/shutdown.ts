import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import { startUpDone } from './stop-during-start';
import { ApiError } from '../common/api-error';

const READINESS_PATH = '/api/health/ready';
/** How often idle keep-alive connections are closed while draining. */
const IDLE_SWEEP_MS = 100;
/** Of the shutdown timeout, the share kept for closing sessions and pools after the requests. */
const CLOSE_BUDGET_MS = 2000;

interface RunningRequest {
  method: string;
  path: string;
  startedAt: number;
}

/** What to close, in order, once the last request has finished. */
export interface Closer {
  name: string;
  close: () => Promise<unknown>;
}

/**
 * A graceful stop (SIGTERM, SIGINT) once the app is running.
 *
 * Until then no JavaScript handler is installed, on purpose (except as PID 1: see stop-during-start.ts): the stop signals keep Node's default
 * action, which ends the process at once (exit status 143 for SIGTERM, 130 for SIGINT) whatever
 * the main thread is doing. A JavaScript handler only runs when the event loop is free, and
 * start-up keeps it busy for seconds at a time (loading the modules; the embedded database's
 * first initialisation and migrations run synchronously in WebAssembly), so `docker stop` would
 * wait. Nothing is lost by the abrupt end: nothing has been served, the embedded database's lock
 * names a process that no longer runs (the next start takes it over), and PostgreSQL recovers
 * its own files.
 *
 * A stop drains: readiness answers 503, the listener closes (no new connections), every reply gets
 * `Connection: close` and idle connections are closed, requests in flight finish, then sessions
 * and pools close in order and the process exits 0, all within the shutdown timeout whatever the
 * clients do. Requests still running then are logged and cut off.
 *
 * Exit code 0 for a requested stop, not 143/130: the process did what was asked of it, and
 * supervisors (Docker's restart policies, systemd) then record a clean stop rather than a failure.
 */
export class Lifecycle {
  private readonly logger = new Logger('Lifecycle');
  private phase: 'starting' | 'running' | 'stopping' = 'starting';
  private readonly requests = new Map<Response, RunningRequest>();
  private server: Server | undefined;
  private closers: Closer[] = [];
  private timeoutMs = 10_000;

  get stopping(): boolean {
    return this.phase === 'stopping';
  }

  /**
   * First middleware of the app: keeps track of requests in flight; while stopping, every reply
   * closes its connection and readiness answers 503.
   */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    this.requests.set(res, { method: req.method, path: req.path, startedAt: Date.now() });
    res.once('close', () => this.requests.delete(res));
    if (this.phase === 'stopping') {
      res.setHeader('Connection', 'close');
      // The exception filter writes the 503, as for every other one.
      if (req.path === READINESS_PATH) return next(ApiError.unavailable());
    }
    next();
  };

  /** The app listens: from now on a stop drains `server` and then runs `closers` in order. */
  running(server: Server, closers: Closer[], timeoutMs: number): void {
    this.server = server;
    this.closers = closers;
    this.timeoutMs = timeoutMs;
    this.phase = 'running';
    startUpDone();
    process.on('SIGTERM', () => this.onSignal('SIGTERM'));
    process.on('SIGINT', () => this.onSignal('SIGINT'));
  }

  private onSignal(signal: string): void {
    if (this.phase === 'stopping') return;
    this.phase = 'stopping';
    this.logger.log(`${signal}: shutting down (at most ${this.timeoutMs} ms)`);
    void this.stop();
  }

  private async stop(): Promise<void> {
    const started = Date.now();
    const deadline = started + this.timeoutMs;
    // Whatever hangs below, the process ends in time.
    setTimeout(
      () => {
        this.logger.warn(`Shutdown took longer than ${this.timeoutMs} ms: exiting now`);
        process.exit(0);
      },
      Math.max(0, this.timeoutMs - 50),
    ).unref();

    const drainMs = Math.max(0, this.timeoutMs - Math.min(CLOSE_BUDGET_MS, this.timeoutMs / 4));
    await this.drain(drainMs);

    for (const closer of this.closers) {
      const left = deadline - Date.now() - 100;
      if (left <= 0) break;
      await withTimeout(closer.close(), left).catch((error: unknown) => {
        this.logger.warn(`Closing ${closer.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    this.logger.log(`Stopped in ${Date.now() - started} ms`);
    process.exit(0);
  }

  /** Stops accepting connections and waits up to `ms` for the open ones to finish. */
  private async drain(ms: number): Promise<void> {
    const server = this.server;
    if (!server) return;
    for (const res of this.requests.keys()) if (!res.headersSent) res.setHeader('Connection', 'close');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const finished = await withTimeout(closed, ms).then(
      () => true,
      () => false,
    );
    clearInterval(sweep);
    if (!finished) {
      const now = Date.now();
      for (const [res, request] of this.requests) {
        const id = String(res.getHeader('X-Request-Id') ?? '-');
        this.logger.warn(
          `Request ${id} ${request.method} ${request.path} still running after ${now - request.startedAt} ms: cut off by the shutdown`,
        );
      }
      server.closeAllConnections();
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
