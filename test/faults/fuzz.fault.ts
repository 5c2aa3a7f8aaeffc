import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { AppProcess, isReply, json, send } from './support/app-process';
import { Cluster } from './support/cluster';
import { Fuzzer, routesFromLog } from './support/fuzz';
import { measured } from './support/measured';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CONCURRENCY = 8;

/**
 * Sends REQUESTS seeded hostile requests over every route the app registers, anonymous and logged
 * in. Returns the replies ≥ 500 and the requests the client saw fail, with what was sent.
 */
async function fuzz(app: AppProcess, seed: number) {
  const routes = routesFromLog(app.output);
  expect(routes.length).toBeGreaterThan(15);
  const cookie = await app.login();
  const fuzzer = new Fuzzer(seed, routes);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const bad: unknown[] = [];
  const statuses: Record<number, number> = {};
  let sent = 0;
  const worker = async () => {
    while (sent < REQUESTS) {
      sent += 1;
      const request = fuzzer.request();
      const headers = { ...request.headers, ...(request.loggedIn ? { Cookie: cookie } : {}) };
      const outcome = await send(app.port, request.path, { method: request.method, headers, body: request.body, agent, timeoutMs: 10_000 });
      if (isReply(outcome)) {
        statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
        const id = (json(outcome) as { id?: unknown } | undefined)?.id;
        if (outcome.status === 201 && typeof id === 'string' && fuzzer.ids.length < 50) fuzzer.ids.push(id);
      }
      // Outside /api every path is the maintenance page, a 503 by design.
      const maintenance = isReply(outcome) && outcome.status === 503 && !request.path.startsWith('/api');
      if (!isReply(outcome) || (outcome.status >= 500 && !maintenance)) {
        bad.push({
          method: request.method,
          path: request.path.slice(0, 200),
          headers: request.headers,
          body: request.body?.toString('utf8').slice(0, 300),
          got: isReply(outcome) ? { status: outcome.status, text: outcome.text.slice(0, 300) } : outcome,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  mkdirSync('.reports', { recursive: true });
  writeFileSync(join('.reports', `fuzz-${seed}-bad.json`), JSON.stringify(bad, null, 2));
  return { sent, bad, statuses, routes: routes.length };
}

describe(`fuzz (FUZZ_SEED=${SEED} replays it)`, () => {
  const apps: AppProcess[] = [];
  let cluster: Cluster | undefined;
  afterAll(async () => {
    for (const app of apps) await app.dispose();
    await cluster?.destroy();
  });

  it(`${REQUESTS} seeded hostile requests on PostgreSQL: no reply ≥ 500, the process alive`, async () => {
    process.stdout.write(`fuzz seed: ${SEED} (FUZZ_SEED=${SEED} npm run test:faults replays it)\n`);
    cluster = new Cluster(Number(process.env.FAULT_PG_PORT ?? 55432) + 2);
    await cluster.init();
    const app = await AppProcess.spawn({ DATABASE_URL: cluster.url });
    apps.push(app);
    await app.ready();
    const started = performance.now();
    const result = await fuzz(app, SEED);
    expect(result.bad, `seed ${SEED}`).toEqual([]);
    expect(result.sent).toBeGreaterThanOrEqual(REQUESTS);
    expect(app.alive).toBe(true);
    const health = await send(app.port, '/api/health/ready');
    expect(isReply(health) && health.status).toBe(200);
    measured('fuzz (PostgreSQL)', {
      seed: SEED,
      requests: result.sent,
      routes: result.routes,
      fivexx: result.bad.length,
      seconds: Math.round((performance.now() - started) / 1000),
      statuses: result.statuses,
    });
  });

  it(`${REQUESTS} seeded hostile requests on the embedded database: no reply ≥ 500, the process alive`, async () => {
    const app = await AppProcess.spawn();
    apps.push(app);
    await app.ready();
    const started = performance.now();
    const result = await fuzz(app, SEED + 1);
    expect(result.bad, `seed ${SEED}`).toEqual([]);
    expect(app.alive).toBe(true);
    const health = await send(app.port, '/api/health/ready');
    expect(isReply(health) && health.status).toBe(200);
    measured('fuzz (PGlite)', {
      seed: SEED + 1,
      requests: result.sent,
      routes: result.routes,
      fivexx: result.bad.length,
      seconds: Math.round((performance.now() - started) / 1000),
      statuses: result.statuses,
    });
  });
});
