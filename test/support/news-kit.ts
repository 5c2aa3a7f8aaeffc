import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SuperAgentTest } from 'supertest';
import { expect } from 'vitest';
import { PhotoStorage } from '../../server/news/photos/photo-storage.service';
import type { TestApp } from './create-test-app';
import { unique } from './unique.mjs';

/** Every file under `dir`, as paths relative to it ([] when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort();
}

/**
 * The news tests' helpers (news.e2e-spec.ts, news-upload.e2e-spec.ts), on the app and the
 * logged-in agent that `current` answers once the file's beforeAll has set them.
 */
export function newsKit(current: () => { t: TestApp; agent: SuperAgentTest }) {
  async function createNews(fields: Partial<{ title: string; description: string; about: string }> = {}) {
    const res = await current()
      .agent.post('/api/news')
      .send({ title: unique('Title '), description: 'A description', about: 'About text', ...fields });
    expect(res.status).toBe(201);
    return res.body as { id: string; title: string; photo: string | null };
  }

  function upload(id: string, file: Buffer, filename = 'photo.jpg') {
    return current().agent.post(`/api/news/${id}/upload`).attach('photo', file, filename);
  }

  function storedFile(publicPath: string): string {
    return join(current().t.config.dataDir, publicPath);
  }

  // The same assertions hold on either driver (TEST_STORAGE=s3 runs these files against s3rver).
  const onDisk = () => current().t.config.storage === 'local';
  const photos = () => current().t.app.get(PhotoStorage);
  /** What the storage holds: every file under uploads/news on disk (temporary ones too), or every object. */
  async function storedNames(): Promise<string[]> {
    if (onDisk()) return filesUnder(join(current().t.config.dataDir, 'uploads', 'news'));
    const names: string[] = [];
    for await (const photo of photos().list()) names.push(photo.name);
    return names.sort();
  }
  async function readStored(publicPath: string): Promise<Buffer> {
    const data = await photos().get(publicPath.slice('/uploads/news/'.length));
    if (!data) throw new Error(`${publicPath} is not stored`);
    return data;
  }
  async function isStored(publicPath: string): Promise<boolean> {
    if (onDisk()) return existsSync(storedFile(publicPath));
    return (await photos().get(publicPath.slice('/uploads/news/'.length))) !== undefined;
  }

  return { createNews, upload, storedFile, onDisk, storedNames, readStored, isStored };
}
