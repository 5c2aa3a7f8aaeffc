import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A private PostgreSQL cluster for one fault test file, so it may be stopped, frozen and have its
 * connections killed. initdb refuses to run as root (CI), so then everything runs as `postgres`.
 */
export class Cluster {
  readonly dir = mkdtempSync(join(tmpdir(), 'fault-pg-'));
  readonly dataDir = join(this.dir, 'data');
  private readonly asRoot = process.getuid?.() === 0;
  private started = false;

  constructor(public port: number) {
    if (this.asRoot) {
      const { uid, gid } = postgresUser();
      chownSync(this.dir, uid, gid);
    }
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private async pg(tool: string, args: string[]): Promise<string> {
    const command = join(BIN, tool);
    const { stdout } = this.asRoot
      ? await run('runuser', ['-u', 'postgres', '--', command, ...args], { cwd: this.dir })
      : await run(command, args, { cwd: this.dir });
    return stdout;
  }

  /**
   * Creates and starts the cluster on the first free port from `port` up: a port in the ephemeral
   * range may be held by some client connection of the moment.
   */
  async init(): Promise<void> {
    await this.pg('initdb', ['-D', this.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.start();
        return;
      } catch (error) {
        if (attempt >= 20 || !/Address already in use/.test((error as Error).message)) throw error;
        this.port += 1;
      }
    }
  }

  /** Starts the cluster again on its port, waiting a moment if something holds the port just now. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${this.dir} -c fsync=off -c max_connections=50`;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.pg('pg_ctl', ['start', '-D', this.dataDir, '-w', '-t', '30', '-l', join(this.dir, 'log'), '-o', options]);
        this.started = true;
        return;
      } catch (error) {
        const log = existsSync(join(this.dir, 'log')) ? readFileSync(join(this.dir, 'log'), 'utf8').slice(-2000) : '';
        const inUse = /Address already in use/.test(log);
        rmSync(join(this.dir, 'log'), { force: true });
        if (!inUse || attempt >= (this.started ? 20 : 0)) throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
        await new Promise((done) => setTimeout(done, 100));
      }
    }
  }

  /** A fast stop: every connection is terminated, new ones are refused. */
  async stop(): Promise<void> {
    await this.pg('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'fast', '-w', '-t', '30']);
  }

  /** The postmaster and every backend and helper it runs. */
  private pids(): number[] {
    const postmaster = Number(readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const pids = [postmaster];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === postmaster) pids.push(Number(entry));
      } catch {
        // The process ended meanwhile.
      }
    }
    return pids;
  }

  /** SIGSTOP to every process of the cluster: it neither answers nor refuses. */
  freeze(): number[] {
    const pids = this.pids();
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    return pids;
  }

  thaw(pids: number[]): void {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Gone.
      }
    }
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: this.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  /** pg_terminate_backend on every other client connection; returns how many. */
  async terminateClients(): Promise<number> {
    const rows = await this.query<{ ok: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    return rows.length;
  }

  async destroy(): Promise<void> {
    await this.stop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('the fault suite runs PostgreSQL as the postgres user, and there is none');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
