import { Agent } from 'node:http';
import { isReply, json, send, sleep, type Outcome } from './app-process';

export interface Sample {
  /** When the request started, ms on performance.now()'s clock. */
  at: number;
  op: string;
  outcome: Outcome;
  /** For writes: the title sent, to find the row afterwards. */
  title?: string;
}

/** The writes among the load's operations. */
export const WRITES = new Set(['POST /api/services', 'PATCH /api/services/:id', 'DELETE /api/services/:id']);

/**
 * A steady mixed load from a logged-in admin over keep-alive connections: lists, reads of the
 * session, and writes (new services, edits, deletes to the trash: each a transaction with its
 * activity row) whose acknowledged ids are kept, so a test can check that every acknowledged
 * write survived.
 */
export class Load {
  readonly samples: Sample[] = [];
  readonly acknowledged: string[] = [];
  readonly agent = new Agent({ keepAlive: true, maxSockets: 16 });
  private running = true;
  private readonly workers: Promise<void>[] = [];
  private counter = 0;
  /** Services created and not yet deleted: edits take the newest, deletes the oldest. */
  private readonly live: string[] = [];

  constructor(
    private readonly port: number,
    private readonly cookie: string,
    concurrency = 4,
    private readonly pauseMs = 20,
  ) {
    for (let i = 0; i < concurrency; i += 1) this.workers.push(this.work(i));
  }

  private async work(worker: number): Promise<void> {
    const headers = { Cookie: this.cookie, 'Content-Type': 'application/json' };
    while (this.running) {
      this.counter += 1;
      const n = this.counter;
      const kind = n % 8;
      const at = performance.now();
      if (kind === 0 || kind === 3) {
        const title = `load ${worker}-${n}-${Date.now()}`;
        const outcome = await send(this.port, '/api/services', {
          method: 'POST',
          headers,
          body: JSON.stringify({ title, about: 'Written under load' }),
          agent: this.agent,
        });
        if (isReply(outcome) && outcome.status === 201) {
          const { id } = json(outcome) as { id: string };
          this.acknowledged.push(id);
          this.live.push(id);
        }
        this.samples.push({ at, op: 'POST /api/services', outcome, title });
      } else if (kind === 5 && this.live.length > 0) {
        const id = this.live[this.live.length - 1];
        const outcome = await send(this.port, `/api/services/${id}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ about: `Edited under load ${n}` }),
          agent: this.agent,
        });
        this.samples.push({ at, op: 'PATCH /api/services/:id', outcome });
      } else if (kind === 7 && this.live.length > 2) {
        // The oldest: never the one an edit is working on, which is the newest.
        const id = this.live.shift()!;
        const outcome = await send(this.port, `/api/services/${id}`, { method: 'DELETE', headers, agent: this.agent });
        this.samples.push({ at, op: 'DELETE /api/services/:id', outcome });
      } else {
        const path = kind === 1 ? '/api/services?page=1' : kind === 2 ? '/api/news' : '/api/admins/me';
        this.samples.push({ at, op: `GET ${path}`, outcome: await send(this.port, path, { headers, agent: this.agent }) });
      }
      await sleep(this.pauseMs);
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
    this.agent.destroy();
  }

  between(from: number, to: number): Sample[] {
    return this.samples.filter((sample) => sample.at >= from && sample.at < to);
  }
}

/** The slowest reply (or failure) among samples, in ms. */
export const slowest = (samples: Sample[]) => Math.max(0, ...samples.map((sample) => sample.outcome.ms));

/** A readable summary of what the samples got: `{ "200": 12, "503": 40, "ECONNRESET": 1 }`. */
export function tally(samples: Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { outcome } of samples) {
    const key = isReply(outcome) ? String(outcome.status) : outcome.error;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
