import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ArchiveError,
  archivedRows,
  archiveSignature,
  createArchiveFile,
  siteTables,
  terminalProgress,
  type Progress,
} from '../../server/cli/site-archive';
import { exportSite } from '../../server/cli/site-archive-export';
import { importSite } from '../../server/cli/site-archive-import';
import { openDatabase, type DatabaseConnection } from '../../server/database/database-connection';
import { dataSourceOptions } from '../../server/database/data-source-options';
import { LocalPhotoStorage } from '../../server/news/photos/local-photo-storage';
import { S3PhotoStorage } from '../../server/news/photos/s3-photo-storage';
import { PhotoStorage } from '../../server/news/photos/photo-storage.service';
import { AdminsService } from '../../server/admins/admins.service';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { image } from '../support/images.mjs';
import { startS3Server } from '../support/s3-server.mjs';
import { createScratchDatabase } from '../support/scratch-database.mjs';
import { codeAt } from '../support/second-factor';

/** The operator's archive key (ARCHIVE_KEY or --key). */
const KEY = 'the-archive-key-of-this-test-at-least-32-chars';
/** In the unsent mail's body and a pending link: neither may reach the archive. */
const PENDING_TOKEN = 'pending-reset-token-that-must-not-leave';

// Both databases in one file, whatever DATABASE_URL says: the round trips go from one to the other.
const POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgres(): Promise<DatabaseConnection> {
  const database = await createScratchDatabase(POSTGRES, 'archive');
  return { url: database.url, embedded: false, close: database.drop };
}

const embedded = () => openDatabase({ dataDir: null });

/** A different photo for each seed (its width). */
const photo = (seed: number) => image('png', 64 + seed, 48);

/** A site with a bit of everything: admins, live and trashed items of each kind, photos, settings, activity, links, mail. Returns the authenticator secret. */
async function populate(t: TestApp): Promise<string> {
  const { agent } = await loggedInAgent(t, { name: 'Ada Lovelace' });
  // An editor beside the administrator: the archive carries roles (issue #39), and who created each article.
  await t.app
    .get(AdminsService)
    .create({ name: 'Grace Hopper', email: `grace-${Date.now()}@example.com`, password: 'another password' }, { role: 'editor' });
  const services: string[] = [];
  for (const title of ['Design', 'Hosting', 'Training']) {
    const res = await agent.post('/api/services').send({ title, about: `About ${title}\nwith a second line and ünïcödé` });
    expect(res.status).toBe(201);
    services.push(res.body.id as string);
  }
  expect((await agent.delete(`/api/services/${services[0]}`)).status).toBe(200);
  const news: string[] = [];
  for (let i = 1; i <= 3; i += 1) {
    const res = await agent.post('/api/news').send({ title: `News ${i}`, description: `Description ${i}`, about: `About "${i}"` });
    expect(res.status).toBe(201);
    news.push(res.body.id as string);
    expect((await agent.post(`/api/news/${res.body.id}/upload`).attach('photo', await photo(i), `p${i}.png`)).status).toBe(200);
  }
  expect((await agent.delete(`/api/news/${news[1]}`)).status).toBe(200);
  // Revisions (one pinned and labelled) and a working copy (issue #36).
  expect((await agent.patch(`/api/news/${news[0]}`).send({ about: 'About, revised' })).status).toBe(200);
  expect((await agent.patch(`/api/news/${news[0]}/revisions/1`).send({ pinned: true, label: 'First words' })).status).toBe(200);
  expect((await agent.put(`/api/news/${news[2]}/draft`).send({ title: 'Not yet live', checkpoint: true })).status).toBe(200);
  // A page of the company's own (issue #37), renamed (an earlier address), in the header menu and the privacy policy.
  const page = await agent.post('/api/pages').send({ title: 'Privacy policy', description: 'Our rules', body: 'We keep **little**.' });
  expect(page.status).toBe(201);
  expect((await agent.patch(`/api/pages/${page.body.id}`).send({ slug: 'privacy' })).status).toBe(200);
  const menus = { header: [{ label: 'Privacy', target: { kind: 'page', id: page.body.id } }], footer: [] };
  expect((await agent.put('/api/settings/navigation').send(menus)).status).toBe(200);
  expect((await agent.patch('/api/settings').send({ privacyPage: page.body.id })).status).toBe(200);
  const messages: string[] = [];
  for (const name of ['Alan', 'Barbara']) {
    const res = await t
      .http()
      .post('/api/contactus')
      .send({ name, phno: '+44 20 7946 0018', email: 'visitor@example.com', msg: `Hello from ${name}` });
    expect(res.status).toBe(201);
    messages.push(res.body.id as string);
  }
  expect((await agent.delete(`/api/contactus/${messages[0]}`)).status).toBe(200);
  expect((await agent.patch('/api/settings').send({ maintenance: false, companyName: 'Archived Ltd', phone: '+1 555 0100' })).status).toBe(
    200,
  );
  // A failed login: a rate-limit row and an activity entry (the first is not archived, the second is).
  await t.http().post('/api/admins/login').send({ email: 'nobody@example.com', password: 'wrong password' });
  // Authenticator codes on (a sealed secret), links pending and spent, mail unsent and sent.
  const setup = await agent.post('/api/admins/me/totp');
  expect((await agent.post('/api/admins/me/totp/confirm').send({ code: await codeAt(setup.body.secret) })).status).toBe(200);
  const [{ id: adaId }] = await t.dataSource.query(`SELECT id FROM admins WHERE name = 'Ada Lovelace'`);
  await t.dataSource.query(
    `INSERT INTO admin_tokens (purpose, token_hash, admin_id, email, invited_by, invited_by_name, expires_at, used_at) VALUES
       ('invitation', sha256('pending invitation'), NULL, 'invited@example.com', $1, 'Ada Lovelace', now() + interval '7 days', NULL),
       ('password-reset', sha256($2::bytea), $1, 'ada@example.com', NULL, NULL, now() + interval '1 hour', NULL),
       ('password-reset', sha256('spent'), $1, 'ada@example.com', NULL, NULL, now() + interval '1 hour', now())`,
    [adaId, PENDING_TOKEN],
  );
  await t.dataSource.query(
    `INSERT INTO mail_outbox (kind, recipient, subject, body, message_id) VALUES ('password-reset', 'ada@example.com', 'Reset', $1, '<unsent@example.com>')`,
    [`Set a new password: https://www.example.com/admin/reset-password?token=${PENDING_TOKEN}`],
  );
  await t.dataSource.query(
    `INSERT INTO mail_outbox (kind, recipient, subject, body, message_id, status, finished_at) VALUES ('test', 'ada@example.com', 'Sent', NULL, '<sent@example.com>', 'sent', now())`,
  );
  return setup.body.secret as string;
}

/** Every entry of an archive, in order. */
async function entriesOf(data: Buffer): Promise<{ name: string; data: Buffer }[]> {
  const extract = tar.extract();
  Readable.from([gunzipSync(data)]).pipe(extract);
  const entries: { name: string; data: Buffer }[] = [];
  for await (const entry of extract) {
    const parts: Buffer[] = [];
    for await (const part of entry) parts.push(part as Buffer);
    entries.push({ name: entry.header.name, data: Buffer.concat(parts) });
  }
  return entries;
}

/** These entries as a .tar.gz. */
async function packed(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const { name, data } of entries) pack.entry({ name, size: data.length }, data);
  pack.finalize();
  const parts: Buffer[] = [];
  for await (const part of pack) parts.push(part as Buffer);
  return gzipSync(Buffer.concat(parts));
}

interface Snapshot {
  rows: Record<string, string[]>;
  photos: Record<string, string>;
}

/** Every archived table's rows (as PostgreSQL writes them, sorted) and every photo's bytes. */
async function snapshot(connection: DatabaseConnection, storage: PhotoStorage): Promise<Snapshot> {
  const dataSource = await new DataSource(dataSourceOptions(connection, { bounded: false })).initialize();
  const rows: Record<string, string[]> = {};
  try {
    const runner = dataSource.createQueryRunner();
    try {
      for (const table of await siteTables(runner)) {
        const found = (await runner.query(
          `SELECT row_to_json(t)::text AS row FROM "${table.name}" t${archivedRows(table.name)} ORDER BY 1`,
        )) as { row: string }[];
        rows[table.name] = found.map(({ row }) => row);
      }
    } finally {
      await runner.release();
    }
  } finally {
    await dataSource.destroy();
  }
  const photos: Record<string, string> = {};
  for await (const { name } of storage.list()) photos[name] = (await storage.get(name))!.toString('base64');
  return { rows, photos };
}

/** The rows, photos and nothing else: an empty target's state. */
function isEmpty(state: Snapshot): boolean {
  return (
    Object.entries(state.rows).every(([table, rows]) => table === 'site_settings' || table === 'revisions' || rows.length === 0) &&
    Object.keys(state.photos).length === 0
  );
}

describe('site archive: npm run site:export / site:import', () => {
  const work = mkdtempSync(join(tmpdir(), 'site-archive-'));
  const sources: Record<
    'embedded' | 'postgres',
    { app: TestApp; connection: DatabaseConnection; archive: string; state: Snapshot; totpSecret: string }
  > = {} as never;
  const progress: Progress[] = [];

  beforeAll(async () => {
    for (const kind of ['embedded', 'postgres'] as const) {
      const connection = kind === 'embedded' ? await embedded() : await postgres();
      const app = await createTestApp({ storage: 'local' }, { connection });
      const totpSecret = await populate(app);
      const archive = join(work, `${kind}.tar.gz`);
      const storage = app.app.get(PhotoStorage);
      await exportSite({ connection, storage, output: createArchiveFile(archive), key: KEY, onProgress: (p) => progress.push({ ...p }) });
      sources[kind] = { app, connection, archive, state: await snapshot(connection, storage), totpSecret };
    }
  }, APP_TEST_TIMEOUT * 2);

  afterAll(async () => {
    for (const source of Object.values(sources)) await source.app.close();
    rmSync(work, { recursive: true, force: true });
  });

  async function roundTrip(from: 'embedded' | 'postgres', target: DatabaseConnection, storage: PhotoStorage): Promise<void> {
    try {
      const summary = await importSite({ connection: target, storage, input: createReadStream(sources[from].archive), key: KEY });
      const after = await snapshot(target, storage);
      // Every row of every table, every photo's bytes: the same as the source's.
      expect(after).toEqual(sources[from].state);
      expect(summary.photos).toBe(3);
      expect(summary.tables.admins).toBe(2);
    } finally {
      await target.close();
    }
  }

  it('archives every table but sessions, rate limits and migrations, live and trashed rows alike, and reports progress', () => {
    const { rows, photos } = sources.postgres.state;
    expect(Object.keys(rows)).toEqual(
      expect.arrayContaining(['admins', 'services', 'news', 'contact_messages', 'activity', 'site_settings']),
    );
    for (const excluded of ['session', 'rate_limits', 'migrations']) expect(rows).not.toHaveProperty(excluded);
    expect(rows.services).toHaveLength(3);
    expect(rows.services.filter((row) => JSON.parse(row).deleted_at !== null)).toHaveLength(1);
    expect(rows.admins.every((row) => typeof JSON.parse(row).password_hash === 'string')).toBe(true);
    expect(rows.admins.map((row) => JSON.parse(row).role).sort()).toEqual(['administrator', 'editor']);
    expect(rows.news.every((row) => typeof JSON.parse(row).created_by === 'string')).toBe(true);
    expect(rows.activity.length).toBeGreaterThan(5);
    expect(rows.revisions.some((row) => JSON.parse(row).pinned === true && JSON.parse(row).label === 'First words')).toBe(true);
    expect(rows.drafts.map((row) => JSON.parse(row).snapshot.title)).toEqual(['Not yet live']);
    // Pages and the menus (issue #37): the page, its earlier address, and the settings naming it.
    expect(rows.pages.map((row) => JSON.parse(row).slug)).toEqual(['privacy']);
    expect(rows.page_old_slugs.map((row) => JSON.parse(row).slug)).toEqual(['privacy-policy']);
    const settings = JSON.parse(rows.site_settings[0]);
    expect(settings.privacy_page).toBe(JSON.parse(rows.pages[0]).id);
    expect(settings.navigation.header).toEqual([
      { id: expect.any(String), label: 'Privacy', target: { kind: 'page', id: settings.privacy_page } },
    ]);
    expect(Object.keys(photos)).toHaveLength(3);
    expect(progress.at(-1)).toMatchObject({ photos: 3 });
    expect(progress.some((p) => p.rows > 0)).toBe(true);
  });

  it('embedded → PostgreSQL: every row and photo byte the same', { timeout: APP_TEST_TIMEOUT }, async () => {
    const storageDir = mkdtempSync(join(work, 'photos-'));
    await roundTrip('embedded', await postgres(), new LocalPhotoStorage(storageDir));
  });

  it('PostgreSQL → embedded: every row and photo byte the same', { timeout: APP_TEST_TIMEOUT }, async () => {
    const storageDir = mkdtempSync(join(work, 'photos-'));
    await roundTrip('postgres', await embedded(), new LocalPhotoStorage(storageDir));
  });

  it('local photos → S3 (s3rver): every row and photo byte the same', { timeout: APP_TEST_TIMEOUT }, async () => {
    const s3 = await startS3Server();
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: s3.env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: s3.env.AWS_SECRET_ACCESS_KEY });
    try {
      const storage = new S3PhotoStorage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true });
      await roundTrip('postgres', await postgres(), storage);
    } finally {
      await s3.close();
    }
  });

  it('refuses a non-empty target with the reason, and changes nothing there', { timeout: APP_TEST_TIMEOUT }, async () => {
    const { connection, app, archive, state } = sources.postgres;
    const storage = app.app.get(PhotoStorage);
    const refused = importSite({ connection, storage, input: createReadStream(sources.embedded.archive), key: KEY });
    await expect(refused).rejects.toThrow(ArchiveError);
    await expect(refused).rejects.toThrow(/^The target database is not empty \(its table \w+ has rows\)/);
    expect(await snapshot(connection, storage)).toEqual(state);
    expect(archive).toBeTruthy();
  });

  /** Imports a damaged archive into a fresh PostgreSQL and local storage: refused, nothing written. */
  async function refusedWithNothingWritten(data: Buffer, reason: RegExp, key = KEY): Promise<void> {
    const file = join(work, `damaged-${Date.now()}.tar.gz`);
    writeFileSync(file, data);
    const target = await postgres();
    const storage = new LocalPhotoStorage(mkdtempSync(join(work, 'photos-')));
    try {
      const refused = importSite({ connection: target, storage, input: createReadStream(file), key });
      await expect(refused).rejects.toThrow(ArchiveError);
      await expect(refused).rejects.toThrow(reason);
      expect(isEmpty(await snapshot(target, storage))).toBe(true);
    } finally {
      await target.close();
    }
  }

  it('refuses an archive whose photo bytes were changed, with nothing written', { timeout: APP_TEST_TIMEOUT }, async () => {
    const tarball = gunzipSync(readFileSync(sources.postgres.archive));
    // A tar entry is a 512-byte header (its name first) and then its data: change a byte in the last photo's data.
    const header = tarball.lastIndexOf(Buffer.from('photos/'));
    tarball[header + 512 + 40] ^= 0xff;
    await refusedWithNothingWritten(gzipSync(tarball), /photos\/.+ does not match its checksum: a damaged archive/);
  });

  it('refuses an archive cut off in the middle, with nothing written', { timeout: APP_TEST_TIMEOUT }, async () => {
    const data = readFileSync(sources.postgres.archive);
    await refusedWithNothingWritten(data.subarray(0, Math.floor(data.length * 0.8)), /damaged|incomplete/);
  });

  it('refuses a file that is no site archive', { timeout: APP_TEST_TIMEOUT }, async () => {
    await refusedWithNothingWritten(Buffer.from('not an archive at all'), /damaged or not a \.tar\.gz/);
  });

  it('writes the archive readable by its owner only (0600), whatever the umask', () => {
    for (const { archive } of Object.values(sources)) expect(statSync(archive).mode & 0o777).toBe(0o600);
    const loose = process.umask(0);
    try {
      const file = join(work, 'umask-0.tar.gz');
      createArchiveFile(file).end();
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          expect(statSync(file).mode & 0o777).toBe(0o600);
          resolve();
        }, 100),
      );
    } finally {
      process.umask(loose);
    }
  });

  it('holds no session, no pending link, no unsent mail and no authenticator secret in clear', async () => {
    for (const { archive, totpSecret } of Object.values(sources)) {
      const entries = await entriesOf(readFileSync(archive));
      const text = entries.map((entry) => entry.data.toString('utf8')).join('\n');
      const rows = (table: string) =>
        entries
          .filter((entry) => entry.name.startsWith(`tables/${table}/`))
          .flatMap((entry) => entry.data.toString('utf8').split('\n').filter(Boolean))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(rows('admin_tokens')).toEqual([expect.objectContaining({ purpose: 'password-reset', used_at: expect.any(String) })]);
      expect(rows('mail_outbox')).toEqual([expect.objectContaining({ status: 'sent', body: null })]);
      expect(rows('admin_totp')).toEqual([expect.objectContaining({ secret: expect.stringMatching(/^v1:/) })]);
      expect(text).not.toContain(PENDING_TOKEN);
      expect(text).not.toContain(createHash('sha256').update(PENDING_TOKEN).digest('hex'));
      expect(text).not.toContain('invited@example.com');
      expect(text).not.toContain(totpSecret);
      expect(entries.map((entry) => entry.name).filter((name) => !/^(tables|photos)\//.test(name))).toEqual([
        'manifest.json',
        'checksums.json',
        'signature.json',
      ]);
    }
  });

  it(
    'refuses an archive edited with its checksums made to match (an extra admin), with nothing written',
    { timeout: APP_TEST_TIMEOUT },
    async () => {
      const entries = await entriesOf(readFileSync(sources.postgres.archive));
      const chunk = entries.find((entry) => entry.name.startsWith('tables/admins/'))!;
      const admin = JSON.parse(chunk.data.toString('utf8').split('\n')[0]) as Record<string, unknown>;
      const intruder = { ...admin, id: '00000000-0000-4000-8000-000000000001', email: 'intruder@example.com', name: 'Intruder' };
      chunk.data = Buffer.concat([chunk.data, Buffer.from(`${JSON.stringify(intruder)}\n`)]);
      const checksums = entries.find((entry) => entry.name === 'checksums.json')!;
      const sums = JSON.parse(checksums.data.toString('utf8'));
      sums.chunks[chunk.name] = createHash('sha256').update(chunk.data).digest('hex');
      sums.rows.admins += 1;
      checksums.data = Buffer.from(`${JSON.stringify(sums)}\n`);
      await refusedWithNothingWritten(await packed(entries), /^The archive's signature does not match/);
      // Signed again without the key (with another one): refused the same.
      const manifest = entries.find((entry) => entry.name === 'manifest.json')!.data;
      entries.find((entry) => entry.name === 'signature.json')!.data = Buffer.from(
        JSON.stringify({
          algorithm: 'HMAC-SHA256',
          signature: archiveSignature('a-guess-at-the-key-a-guess-at-the-key', manifest, checksums.data),
        }),
      );
      await refusedWithNothingWritten(await packed(entries), /^The archive's signature does not match/);
    },
  );

  it(
    'refuses the archive under another key, and one without its signature, with nothing written',
    { timeout: APP_TEST_TIMEOUT },
    async () => {
      await refusedWithNothingWritten(readFileSync(sources.postgres.archive), /signature does not match/, `${KEY}-not`);
      const entries = await entriesOf(readFileSync(sources.postgres.archive));
      await refusedWithNothingWritten(await packed(entries.filter((entry) => entry.name !== 'signature.json')), /not signed/);
    },
  );

  it('refuses a malformed manifest or checksums with a clear message, never a TypeError', { timeout: APP_TEST_TIMEOUT }, async () => {
    const entries = await entriesOf(readFileSync(sources.postgres.archive));
    const manifest = entries.find((entry) => entry.name === 'manifest.json')!;
    const original = JSON.parse(manifest.data.toString('utf8'));
    for (const tables of [
      [null],
      [{ name: 'admins' }],
      [{ name: 'admins; DROP TABLE x', columns: ['id'] }],
      [{ name: 'admins', columns: [1] }],
    ]) {
      manifest.data = Buffer.from(JSON.stringify({ ...original, tables }));
      await refusedWithNothingWritten(
        await packed(entries),
        /^The archive's manifest\.json is malformed: its table 1 is not a name and a list of column names\.$/,
      );
    }
    manifest.data = Buffer.from(JSON.stringify({ ...original, version: 1 }));
    await refusedWithNothingWritten(await packed(entries), /format version 1, written before archives were signed/);
    manifest.data = Buffer.from(JSON.stringify(original));
    entries.find((entry) => entry.name === 'checksums.json')!.data = Buffer.from('null');
    await refusedWithNothingWritten(await packed(entries), /^The archive's checksums\.json is malformed/);
  });
});

describe('terminalProgress', () => {
  const stream = (isTTY: boolean) => {
    const written: string[] = [];
    return { written, out: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream };
  };

  it('shows rows and photos on one line at a terminal, and clears it at the end', () => {
    const { written, out } = stream(true);
    const progress = terminalProgress('Exported', out);
    progress.update({ rows: 12_000, photos: 3, table: 'news' });
    progress.end();
    expect(written[0]).toBe('\rExported 12,000 rows (news), 3 photos\u001b[K');
    expect(written.at(-1)).toBe('\r\u001b[K');
  });

  it('writes nothing when standard output is not a terminal', () => {
    const { written, out } = stream(false);
    const progress = terminalProgress('Imported', out);
    progress.update({ rows: 1, photos: 1 });
    progress.end();
    expect(written).toEqual([]);
  });
});
