import type { ModuleMetadata, Type } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../server/app.module';
import { loadConfig, type AppConfig } from '../../server/config/app-config';
import { configureApp } from '../../server/configure-app';
import { API_PREFIX } from '../../server/http/api-prefix';
import type { DatabaseConnection } from '../../server/database/database-connection';
import { AdminsService } from '../../server/admins/admins.service';
import { ApiDocument } from '../../server/openapi/api-document';
import { checkingReplies, replyChecker } from './reply-check';
import { startS3Server } from './s3-server.mjs';
import { createTestDatabase } from './test-database';
import { unique, uniqueEmail } from './unique.mjs';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  dataSource: DataSource;
  /** A client without cookies. Every reply it gets is checked against the API document (see reply-check.ts). */
  http: () => ReturnType<typeof request>;
  /**
   * A client that keeps cookies between requests, like a browser. With an https:// PUBLIC_URL it
   * is a browser talking HTTPS to the TLS proxy in front: it sends Secure cookies back too.
   */
  agent: () => ReturnType<typeof request.agent>;
  close: () => Promise<void>;
}

/**
 * The real app, built by Nest's testing module with the same configureApp as main.ts, on a
 * database of its own and a temporary DATA_DIR. `imports` adds test-only modules beside the app's
 * (e.g. a probe controller for the global guard).
 */
/** For a test that builds an app of its own: the embedded database alone takes seconds to start on a busy machine. */
export const APP_TEST_TIMEOUT = 120_000;

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: { imports?: ModuleMetadata['imports']; connection?: DatabaseConnection } = {},
): Promise<TestApp> {
  // A test may choose the database itself (e.g. embedded and PostgreSQL side by side); it is closed with the app.
  const connection = options.connection ?? (await createTestDatabase());
  const dataDir = mkdtempSync(join(tmpdir(), 'app-test-'));
  // TEST_STORAGE=s3: photos go to an s3rver of this app's own instead of the temporary DATA_DIR,
  // unless the test chose the storage itself (and with it the credentials it means to try).
  const s3 = process.env.TEST_STORAGE === 's3' && overrides.storage === undefined ? await startS3Server() : undefined;
  if (s3) Object.assign(process.env, { AWS_ACCESS_KEY_ID: s3.env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: s3.env.AWS_SECRET_ACCESS_KEY });
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret!',
      ...(s3?.env ?? {}),
    }),
    ...overrides,
  };
  const testModules = (options.imports ?? []).filter((module): module is Type => typeof module === 'function');
  let app: NestExpressApplication;
  try {
    const moduleRef = await Test.createTestingModule({
      // The test's own modules (probe controllers) are API modules: under /api, like AppModule's.
      imports: [
        AppModule.register(config, connection),
        ...(options.imports ?? []),
        RouterModule.register([{ path: API_PREFIX, children: testModules }]),
      ],
    }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: ['error', 'warn'] });
    configureApp(app, config);
    await app.init();
  } catch (error) {
    // A start that fails (a test may expect it to) leaves no database, bucket or folder behind.
    await connection.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const server = app.getHttpServer();
  const replies = replyChecker(app.get(ApiDocument).get());
  return {
    app,
    config,
    dataSource: app.get(DataSource),
    http: () => checkingReplies(request(server), replies),
    agent: () => checkingReplies(throughTls(request.agent(server), config.publicUrl), replies),
    async close() {
      // The database and the temporary folder go even when the app fails to close (a test may
      // have destroyed its data source on purpose).
      try {
        await app.close();
      } finally {
        await connection.close();
        await s3?.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

type Agent = ReturnType<typeof request.agent>;
type CookieJar = { getCookies(access: { domain: string; path: string; secure: boolean; script: boolean }): { toValueString(): string } };

/**
 * The tests speak plain HTTP to the app, where superagent's cookie jar (as a browser would) keeps
 * Secure cookies to itself. Behind an https:// PUBLIC_URL the browser's side is HTTPS: the agent
 * then reads its jar as over HTTPS (superagent's own `_attachCookies`, with `secure` true).
 */
function throughTls(agent: Agent, publicUrl: string): Agent {
  if (!publicUrl.startsWith('https://')) return agent;
  const inside = agent as unknown as { jar: CookieJar; _attachCookies(req: { url: string; cookies: string }): void };
  inside._attachCookies = (req) => {
    const url = new URL(req.url);
    req.cookies = inside.jar.getCookies({ domain: url.hostname, path: url.pathname, secure: true, script: false }).toValueString();
  };
  return agent;
}

/** Creates an admin directly (whatever the registration policy) and returns a logged-in agent. */
export async function loggedInAgent(testApp: TestApp, fields: Partial<{ name: string; email: string; password: string }> = {}) {
  const admin = {
    name: fields.name ?? unique('Admin '),
    email: fields.email ?? uniqueEmail(),
    password: fields.password ?? 'correct horse battery',
  };
  await testApp.app.get(AdminsService).create(admin);
  const agent = testApp.agent();
  const res = await agent.post('/api/admins/login').send({ email: admin.email, password: admin.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { agent, admin: { ...admin, id: res.body.admin.id as string } };
}
