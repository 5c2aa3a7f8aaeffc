import { Logger } from '@nestjs/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createAppLogger } from '../../server/http/app-logger';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';

type Line = Record<string, unknown>;

describe('request logs in JSON (LOG_FORMAT=json)', () => {
  let t: TestApp;
  let stdout: MockInstance;
  let written: string[];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Captures what the app logs while `work` runs, as parsed JSON lines. */
  async function logsOf(level: 'log' | 'debug', work: () => Promise<unknown>): Promise<{ lines: Line[]; text: string }> {
    written = [];
    stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    Logger.overrideLogger(createAppLogger({ logFormat: 'json', logLevel: level }));
    try {
      await work();
      // The line is written when the reply has finished; give the 'finish' event its turn.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      stdout.mockRestore();
      Logger.overrideLogger(['error', 'warn']);
    }
    const text = written.join('');
    return {
      text,
      lines: text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Line),
    };
  }
  afterEach(() => stdout?.mockRestore());

  it('writes one line per request with its id, method, path, route, status and duration', async () => {
    let requestId = '';
    const { lines } = await logsOf('log', async () => {
      const res = await t.http().get('/api/services/not-a-uuid?page=2');
      requestId = res.headers['x-request-id'] as string;
    });
    const requests = lines.filter((line) => line.context === 'HTTP');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 'log',
      reqId: requestId,
      method: 'GET',
      path: '/api/services/not-a-uuid',
      route: '/api/services/:id',
      message: 'GET /api/services/not-a-uuid 401',
      status: 401,
    });
    expect(typeof requests[0].durationMs).toBe('number');
    expect(typeof requests[0].timestamp).toBe('number');
  });

  it('never writes passwords, cookies, session ids or Authorization headers', async () => {
    const { agent, admin } = await loggedInAgent(t, { password: 'a very secret password 42' });
    const { text, lines } = await logsOf('debug', async () => {
      await t
        .http()
        .post('/api/admins/login')
        .set('Authorization', 'Bearer top-secret-token')
        .send({ email: admin.email, password: admin.password });
      await agent.get('/api/admins/me').set('Cookie', 'sid=s%3Aplanted-session-id.signature');
    });
    expect(lines.filter((line) => line.context === 'HTTP').map((line) => line.route)).toEqual(['/api/admins/login', '/api/admins/me']);
    expect(text).not.toContain('a very secret password 42');
    expect(text).not.toContain('top-secret-token');
    expect(text).not.toContain('planted-session-id');
    expect(text).not.toMatch(/cookie|authorization/i);
  });

  it('logs successful health probes at debug only, and failures at the normal level', async () => {
    const quiet = await logsOf('log', () => t.http().get('/api/health'));
    expect(quiet.lines.filter((line) => line.context === 'HTTP')).toEqual([]);
    const verbose = await logsOf('debug', () => t.http().get('/api/health'));
    expect(verbose.lines.filter((line) => line.context === 'HTTP')).toMatchObject([{ level: 'debug', path: '/api/health', status: 200 }]);
    const missing = await logsOf('log', () => t.http().get('/api/health/nothing-here'));
    expect(missing.lines.filter((line) => line.context === 'HTTP')).toMatchObject([{ level: 'log', status: 404 }]);
  });
});
