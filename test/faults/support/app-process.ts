import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../support/free-port.mjs';

export const MAIN = resolve('dist/server/main.js');
export const SESSION_SECRET = 'fault-suite-secret-fault-suite-secret!';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  ms: number;
}

export interface Failure {
  error: string;
  ms: number;
}

export type Outcome = Reply | Failure;

export const isReply = (outcome: Outcome): outcome is Reply => 'status' in outcome;

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  agent?: Agent | false;
  /** The client gives up after this; a hang shows as a failure "timeout". */
  timeoutMs?: number;
}

/** One HTTP request that never throws: a reply, or the error the client saw. */
export function send(port: number, path: string, options: RequestOptions = {}): Promise<Outcome> {
  const started = performance.now();
  return new Promise((done) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: {
          ...(options.body !== undefined ? { 'Content-Length': String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', (error) => done({ error: error.message, ms: performance.now() - started }));
      },
    );
    req.setTimeout(options.timeoutMs ?? 15_000, () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message, ms: performance.now() - started }));
    req.end(options.body);
  });
}

export function json(outcome: Outcome): unknown {
  if (!isReply(outcome)) return undefined;
  try {
    return JSON.parse(outcome.text) as unknown;
  } catch {
    return undefined;
  }
}

/** The built app (dist/server/main.js) as a child process, its output kept for the test to read. */
export class AppProcess {
  readonly child: ChildProcess;
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        SESSION_SECRET,
        SECRETS_KEY: SESSION_SECRET.split('').reverse().join(''),
        // The suite signs in with a password alone; the second factor has tests of its own.
        REQUIRE_SECOND_FACTOR: 'false',
        REGISTRATION: 'open',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString('utf8');
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.exited = new Promise((done) => this.child.once('exit', (code, signal) => done({ code, signal, at: performance.now() })));
  }

  /** Spawns the app; `databaseUrl` undefined means the embedded database in a fresh DATA_DIR. */
  static spawn(env: Record<string, string> = {}, dataDir = mkdtempSync(join(tmpdir(), 'fault-app-')), port?: number): Promise<AppProcess> {
    return (port ? Promise.resolve(port) : freePort()).then((free) => new AppProcess(free, dataDir, env));
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves once /api/health/ready answers 200. */
  async ready(timeoutMs = 90_000): Promise<void> {
    const until = performance.now() + timeoutMs;
    while (performance.now() < until) {
      if (!this.alive) throw new Error(`the app exited while starting:\n${this.output}`);
      const res = await send(this.port, '/api/health/ready', { timeoutMs: 5000 });
      if (isReply(res) && res.status === 200) return;
      await sleep(200);
    }
    throw new Error(`the app did not become ready in ${timeoutMs} ms:\n${this.output}`);
  }

  /** Registers an admin (REGISTRATION=open) and logs in; returns the session cookie. */
  async login(): Promise<string> {
    const email = `fault-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const password = 'correct horse battery staple';
    const headers = { 'Content-Type': 'application/json' };
    const registered = await send(this.port, '/api/admins/register', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Fault Admin', email, password }),
    });
    if (!isReply(registered) || registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered)}`);
    const res = await send(this.port, '/api/admins/login', { method: 'POST', headers, body: JSON.stringify({ email, password }) });
    if (!isReply(res) || res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res)}`);
    const cookie = (res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
    if (!cookie) throw new Error('login set no cookie');
    return cookie;
  }

  /** Resolves once the app's log has a line matching `pattern` (its output so far included). */
  async logged(pattern: RegExp, timeoutMs = 30_000): Promise<void> {
    const until = performance.now() + timeoutMs;
    while (!pattern.test(this.output)) {
      if (performance.now() > until) throw new Error(`the app never logged ${pattern} in ${timeoutMs} ms:\n${this.output}`);
      await sleep(10);
    }
  }

  /** SIGTERM, then the time until the process has exited. */
  async terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
    const started = performance.now();
    this.child.kill('SIGTERM');
    const { code, signal, at } = await this.exited;
    return { code, signal, ms: at - started };
  }

  /** Ends the process if a test left it running, keeps its log in .reports/ and removes its DATA_DIR. */
  async dispose(): Promise<void> {
    if (this.alive) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
    const reports = join(process.cwd(), '.reports');
    mkdirSync(reports, { recursive: true });
    writeFileSync(join(reports, `fault-app-${this.port}.log`), this.output);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
