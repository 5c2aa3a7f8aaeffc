import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { SuperAgentTest } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhotoStorage } from '../../server/news/photos/photo-storage.service';
import { PhotoSweep } from '../../server/news/photos/photo-sweep.service';
import { LocalPhotoStorage } from '../../server/news/photos/local-photo-storage';
import { S3PhotoStorage } from '../../server/news/photos/s3-photo-storage';
import { PROJECT_ROOT } from '../../server/config/paths';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { image } from '../support/images.mjs';
import { S3_CREDENTIALS, startS3Server, type S3Server } from '../support/s3-server.mjs';

const HOUR = 3600_000;
const UNAVAILABLE = { error: 'The service is temporarily unavailable. Try again shortly.' };

const png = (size: number) => image('png', size);

async function storedNames(t: TestApp): Promise<string[]> {
  const names: string[] = [];
  for await (const photo of t.app.get(PhotoStorage).list()) names.push(photo.name);
  return names;
}

const nameOf = (path: string) => path.slice('/uploads/news/'.length);

/** The S3 settings of an s3rver, as createTestApp overrides. */
function s3Overrides(s3: S3Server, bucket = s3.bucket) {
  return {
    storage: 's3' as const,
    s3: { bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true },
  };
}

describe('the orphan sweep', () => {
  let t: TestApp;
  let agent: SuperAgentTest;
  beforeAll(async () => {
    t = await createTestApp();
    agent = (await loggedInAgent(t)).agent as unknown as SuperAgentTest;
  });
  afterAll(() => t.close());

  async function articleWithPhoto(): Promise<{ id: string; photo: string }> {
    const created = await agent.post('/api/news').send({ title: 'Sweep', description: 'd', about: 'a' });
    const uploaded = await agent.post(`/api/news/${created.body.id}/upload`).attach('photo', await png(30), 'a.png');
    expect(uploaded.status).toBe(200);
    return uploaded.body as { id: string; photo: string };
  }

  it('removes stored photos no row points at once they are an hour old, and keeps every photo a row points at', async () => {
    const kept = await articleWithPhoto();
    const orphan = await t.app.get(PhotoStorage).save(await png(20));
    const sweep = t.app.get(PhotoSweep);

    // Young orphans stay: an upload between storing its photo and updating its row looks like one.
    expect((await sweep.sweep(Date.now()))?.removed).toBe(0);
    expect(await storedNames(t)).toContain(nameOf(orphan));

    const result = await sweep.sweep(Date.now() + 2 * HOUR);
    expect(result?.removed).toBeGreaterThanOrEqual(1);
    const names = await storedNames(t);
    expect(names).not.toContain(nameOf(orphan));
    expect(names).toContain(nameOf(kept.photo));
    expect((await t.http().get(kept.photo)).status).toBe(200);
  });

  // A UUID's last group may be all decimal digits: such a photo is a photo, not a smaller copy of another.
  it('removes an orphan whose UUID ends in twelve digits, with its smaller copies', async () => {
    const storage = t.app.get(PhotoStorage);
    const uuid = `${randomUUID().slice(0, 24)}${String(Date.now()).padStart(12, '0').slice(-12)}`;
    const names = [`${uuid}.webp`, `${uuid}-480.webp`, `${uuid}-960.webp`];
    for (const name of names) await storage.put(name, await png(20));

    await t.app.get(PhotoSweep).sweep(Date.now() + 2 * HOUR);
    for (const name of names) expect(await storage.get(name), name).toBeUndefined();
  });

  // Sessions of the embedded database share one backend, where an advisory lock cannot exclude
  // anyone: the exclusion is a property of PostgreSQL servers, which several replicas need anyway.
  if (process.env.DATABASE_URL) {
    it('leaves everything to the replica that holds the sweep lock', async () => {
      const orphan = await t.app.get(PhotoStorage).save(await png(20));
      const other = new pg.Client({ connectionString: (t.dataSource.options as { url: string }).url });
      await other.connect();
      try {
        await other.query(`SELECT pg_advisory_lock(hashtext('photos:sweep'))`);
        expect(await t.app.get(PhotoSweep).sweep(Date.now() + 2 * HOUR)).toBeUndefined();
        expect(await storedNames(t)).toContain(nameOf(orphan));
      } finally {
        await other.end();
      }
      expect((await t.app.get(PhotoSweep).sweep(Date.now() + 2 * HOUR))?.removed).toBeGreaterThanOrEqual(1);
      expect(await storedNames(t)).not.toContain(nameOf(orphan));
    });
  }
});

describe('S3 storage', () => {
  let s3: S3Server;
  const savedEnv = { AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY };
  beforeAll(async () => {
    s3 = await startS3Server();
    Object.assign(process.env, S3_CREDENTIALS);
  });
  afterAll(async () => {
    await s3.close();
    for (const [key, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it(
    'stops the start with a message naming the bucket when it does not exist',
    async () => {
      await expect(createTestApp(s3Overrides(s3, 'no-such-bucket'))).rejects.toThrow(
        /Photo storage: bucket "no-such-bucket" \(S3_BUCKET\).* does not exist/,
      );
    },
    APP_TEST_TIMEOUT,
  );

  it(
    'stops the start when the credentials are refused',
    async () => {
      process.env.AWS_ACCESS_KEY_ID = 'WRONG';
      try {
        await expect(createTestApp(s3Overrides(s3))).rejects.toThrow(/refused the credentials/);
      } finally {
        Object.assign(process.env, S3_CREDENTIALS);
      }
    },
    APP_TEST_TIMEOUT,
  );

  it(
    'answers 503 within 2 s for readiness, a photo and an upload once the store is gone',
    async () => {
      const own = await startS3Server();
      const t = await createTestApp(s3Overrides(own));
      try {
        const { agent } = await loggedInAgent(t);
        const created = await agent.post('/api/news').send({ title: 'Down', description: 'd', about: 'a' });
        const uploaded = await agent.post(`/api/news/${created.body.id}/upload`).attach('photo', await png(30), 'a.png');
        expect(uploaded.status).toBe(200);
        const ready = await t.http().get('/api/health/ready');
        expect(ready.body).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });

        const photoBytes = await png(30);
        await own.close();
        for (const send of [
          () => t.http().get('/api/health/ready'),
          () => t.http().get(uploaded.body.photo as string),
          () => agent.post(`/api/news/${created.body.id}/upload`).attach('photo', photoBytes, 'a.png'),
        ]) {
          const started = Date.now();
          const res = await send();
          expect(Date.now() - started).toBeLessThan(2000);
          expect(res.status).toBe(503);
        }
        const photo = await t.http().get(uploaded.body.photo as string);
        expect(photo.body).toEqual(UNAVAILABLE);
        expect(photo.headers['retry-after']).toBeDefined();
        const upload = await agent.post(`/api/news/${created.body.id}/upload`).attach('photo', await png(30), 'b.png');
        expect(upload.status).toBe(503);
        expect(upload.body).toEqual(UNAVAILABLE);
        expect((await agent.get(`/api/news/${created.body.id}`)).body.photo).toBe(uploaded.body.photo);
      } finally {
        await t.close();
      }
    },
    APP_TEST_TIMEOUT,
  );
});

describe('npm run photos:copy', () => {
  const cli = join(PROJECT_ROOT, 'dist/server/cli/photos-copy.js');

  it(
    'copies the local photos to S3 under the same names, skips those already there, and can run again',
    async () => {
      if (!existsSync(cli)) throw new Error(`${cli} is not built: run \`npm run build\` first.`);
      const s3 = await startS3Server();
      const dataDir = mkdtempSync(join(tmpdir(), 'photos-copy-'));
      try {
        const local = new LocalPhotoStorage(dataDir);
        const bucket = new S3PhotoStorage(s3Overrides(s3).s3);
        const [one, two] = [await png(20), await png(24)];
        const first = nameOf(await local.save(one));
        const second = nameOf(await local.save(two));
        Object.assign(process.env, S3_CREDENTIALS);
        await bucket.put(first, one);

        const run = () =>
          promisify(execFile)(process.execPath, [cli, '--from', 'local', '--to', 's3'], {
            env: {
              ...process.env,
              ...s3.env,
              NODE_ENV: 'test',
              DATA_DIR: dataDir,
              SESSION_SECRET: 'copy-test-secret-copy-test-secret-0123',
            },
          });
        expect((await run()).stdout).toContain('photos:copy from local to s3: 1 copied, 1 already there, 0 failed');
        expect(Buffer.compare((await bucket.get(second))!, two)).toBe(0);
        expect((await run()).stdout).toContain('0 copied, 2 already there, 0 failed');

        await expect(promisify(execFile)(process.execPath, [cli, '--from', 'local', '--to', 'local'])).rejects.toMatchObject({ code: 2 });
      } finally {
        await s3.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    APP_TEST_TIMEOUT,
  );
});
