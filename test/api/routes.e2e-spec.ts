import { Controller, Get, Module } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../../server/app.module';
import { loadConfig } from '../../server/config/app-config';
import { SiteModule } from '../../server/site/site.module';
import { APP_TEST_TIMEOUT, createTestApp, type TestApp } from '../support/create-test-app';
import { createTestDatabase } from '../support/test-database';
import { registeredRoutes } from '../support/routes';

/**
 * The API's prefix is given once, in AppModule (RouterModule: API_MODULES under /api). A module
 * with a controller that is not listed there answers outside /api, where the public site's paths
 * are: these tests fail for it, naming the route.
 */

/** The paths the public site's own controllers register (the only routes allowed outside /api). */
function sitePaths(): Set<string> {
  const controllers = (Reflect.getMetadata('controllers', SiteModule) ?? []) as object[];
  const paths = new Set<string>();
  for (const controller of controllers) {
    const base = ([] as string[]).concat((Reflect.getMetadata(PATH_METADATA, controller) as string | string[]) ?? '');
    const prototype = (controller as { prototype: Record<string, unknown> }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const sub = Reflect.getMetadata(PATH_METADATA, prototype[name] as object) as string | string[] | undefined;
      if (sub === undefined) continue;
      for (const b of base)
        for (const s of ([] as string[]).concat(sub)) paths.add(`/${[b, s].filter(Boolean).join('/')}`.replace(/\/+/g, '/'));
    }
  }
  return paths;
}

/** Every registered route that is neither under /api nor one of the site's. */
function outsideApi(app: NestExpressApplication): string[] {
  const site = sitePaths();
  return registeredRoutes({ app } as TestApp)
    .filter(({ path }) => !path.startsWith('/api/') && path !== '/api' && !site.has(path))
    .map(({ method, path }) => `${method} ${path}`);
}

describe('the API prefix', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, APP_TEST_TIMEOUT);
  afterAll(() => t?.close());

  it('puts every controller route outside the site module under /api', () => {
    expect(registeredRoutes(t).length).toBeGreaterThan(15);
    expect(outsideApi(t.app)).toEqual([]);
  });

  it("matches the website's pages before the API's routes (Express tries the routes in turn: a visitor's page passes no API route)", () => {
    const site = sitePaths();
    const routes = registeredRoutes(t);
    const firstApi = routes.findIndex(({ path }) => path.startsWith('/api/'));
    const lastSite = routes.findLastIndex(({ path }) => site.has(path));
    expect(firstApi).toBeGreaterThan(0);
    expect(lastSite).toBeLessThan(firstApi);
  });

  it('serves the API under /api and nothing of it without the prefix', async () => {
    expect((await t.http().get('/api/health')).status).toBe(200);
    expect((await t.http().get('/health')).status).not.toBe(200);
  });
});

// A module someone forgot to list in API_MODULES: the check above must name its route.
@Controller('forgotten')
class ForgottenController {
  @Get()
  probe() {
    return { ok: true };
  }
}
@Module({ controllers: [ForgottenController] })
class ForgottenModule {}

describe('a module left out of the API modules', () => {
  let app: NestExpressApplication;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const connection = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'routes-test-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'test-secret-test-secret-test-secret!' });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.register(config, connection), ForgottenModule] }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: ['error', 'warn'] });
    await app.init();
    close = async () => {
      await app.close();
      await connection.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }, APP_TEST_TIMEOUT);
  afterAll(() => close?.());

  it('is caught, by its route', () => {
    expect(outsideApi(app)).toEqual(['GET /forgotten']);
  });
});
