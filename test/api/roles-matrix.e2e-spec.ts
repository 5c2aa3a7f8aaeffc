import { randomUUID } from 'node:crypto';
import { Controller, Get, Module } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminsService } from '../../server/admins/admins.service';
import { openDatabase } from '../../server/database/database-connection';
import { ApiDocument } from '../../server/openapi/api-document';
import { PERMISSION_EXTENSION } from '../../server/roles/allow.decorator';
import { may, ROLES, type Permission, type Role } from '../../server/roles/permissions';
import { APP_TEST_TIMEOUT, createTestApp, type TestApp } from '../support/create-test-app';
import { newAdmin } from '../support/admin-helpers';
import { apiRoutes } from '../support/routes';
import { createTestDatabase } from '../support/test-database';
import { unique } from '../support/unique.mjs';

/**
 * Issue #39's matrix, generated from the app's own route table (Express's, as Nest registered it):
 * every API route is @Public() or declares its permission (a route with neither fails here, by
 * name); and every declared route × every role × (their own article, someone else's, where the
 * route names one) answers as server/roles/permissions.ts says: 403 when the role lacks the
 * permission (or, for an author, when the article is not theirs), anything else but 401/403/500
 * when it has it, and 401 without a session. On PostgreSQL and on the embedded database, one app
 * each.
 */

type Operation = { security?: unknown[]; [PERMISSION_EXTENSION]?: Permission };

/**
 * The routes whose service checks whose article it is (a guard cannot see it): an author changes
 * only what they created. Deleting is left out: it is the trash's permission alone, and would take
 * the article away from the cases after it.
 */
const OWNED = new Set([
  'PATCH /api/news/:id',
  'POST /api/news/:id/upload',
  'DELETE /api/news/:id/photo',
  'PUT /api/news/:id/draft',
  'DELETE /api/news/:id/draft',
  'POST /api/news/:id/revisions/:seq/restore',
  'POST /api/news/:id/submit',
]);
/** Routes of an article that read it or take a permission the author lacks anyway: the real article, but no ownership rule. */
const ON_ARTICLE = /^\/api\/news\/:id(\/|$)/;

/** `/api/news/:id` → `/api/news/{id}`, as the API document writes paths. */
const documentPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** A concrete path: `:id` the given article (or an id that names nothing), other parameters a value no row has. */
function concrete(path: string, article: string | null): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'id') return article ?? randomUUID();
    if (name === 'kind') return 'news';
    if (name === 'report') return 'pages';
    return '999999';
  });
}

interface Declared {
  method: string;
  path: string;
  permission: Permission | null;
}

/** Every API route with what it declares, and those that declare nothing (`METHOD /path`). */
function declaredRoutes(t: TestApp): { routes: Declared[]; undeclared: string[] } {
  const document = t.app.get(ApiDocument).get() as OpenAPIObject;
  const undeclared: string[] = [];
  const routes = apiRoutes(t).map(({ method, path }) => {
    const operation = (document.paths[documentPath(path)] as Record<string, Operation> | undefined)?.[method.toLowerCase()];
    const open = Array.isArray(operation?.security) && operation.security.length === 0;
    const permission = operation?.[PERMISSION_EXTENSION] ?? null;
    if (!open && !permission) undeclared.push(`${method} ${path}`);
    return { method, path, permission: open ? null : permission };
  });
  return { routes, undeclared };
}

const DATABASES = [
  { name: 'PostgreSQL (DATABASE_URL, or the embedded database without it)', open: createTestDatabase },
  { name: 'the embedded database', open: () => openDatabase({ dataDir: null }) },
];

describe.each(DATABASES)('the roles matrix on $name', ({ open }) => {
  let t: TestApp;
  const agents = {} as Record<Role, ReturnType<TestApp['agent']>>;
  const own = {} as Record<Role, string>;
  let someoneElses: string;

  beforeAll(async () => {
    t = await createTestApp({}, { connection: await open() });
    const admins = t.app.get(AdminsService);
    // The first admin is an administrator whatever is asked: the owner of "someone else's" article.
    const accounts: Record<Role | 'owner', ReturnType<typeof newAdmin>> = {
      owner: newAdmin(),
      administrator: newAdmin(),
      editor: newAdmin(),
      author: newAdmin(),
    };
    for (const [role, account] of Object.entries(accounts))
      await admins.create(account, { role: role === 'owner' ? 'administrator' : (role as Role) });
    const signIn = async (account: ReturnType<typeof newAdmin>) => {
      const agent = t.agent();
      const res = await agent.post('/api/admins/login').send({ email: account.email, password: account.password });
      expect(res.status).toBe(200);
      return agent;
    };
    const article = async (agent: ReturnType<TestApp['agent']>) => {
      const res = await agent.post('/api/news').send({ title: unique('Matrix '), description: 'A description', about: 'About it' });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    someoneElses = await article(await signIn(accounts.owner));
    for (const role of ROLES) {
      agents[role] = await signIn(accounts[role]);
      own[role] = await article(agents[role]);
    }
  }, APP_TEST_TIMEOUT);
  afterAll(() => t?.close());

  it('finds every API route public or declaring its permission (a route without a rule fails here)', () => {
    const { routes, undeclared } = declaredRoutes(t);
    expect(routes.length).toBeGreaterThan(80);
    expect(undeclared).toEqual([]);
  });

  it('answers 401 on every declared route without a session', async () => {
    const wrong: string[] = [];
    for (const { method, path, permission } of declaredRoutes(t).routes) {
      if (!permission) continue;
      const res = await send(t.http(), method, concrete(path, null));
      if (res.status !== 401) wrong.push(`${method} ${path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(ROLES)(
    'gives the %s what the roles table says on every declared route, for their own article and for someone else’s',
    async (role) => {
      const wrong: string[] = [];
      for (const { method, path, permission } of declaredRoutes(t).routes) {
        if (!permission) continue;
        const key = `${method} ${path}`;
        // Deleting an article takes it to the trash: an id that names nothing, so the cases after it keep theirs.
        const articles = ON_ARTICLE.test(path) && !(method === 'DELETE' && path === '/api/news/:id') ? ['own', 'else'] : [null];
        for (const whose of articles) {
          const article = whose === 'own' ? own[role] : whose === 'else' ? someoneElses : null;
          const allowed = may(role, permission) && !(whose === 'else' && OWNED.has(key) && !may(role, 'news.publish'));
          const res = await send(agents[role], method, concrete(path, article));
          const ok = allowed ? res.status !== 403 && res.status !== 401 && res.status < 500 : res.status === 403;
          if (!ok)
            wrong.push(
              `${key}${whose ? ` (${whose === 'own' ? 'own' : "someone else's"} article)` : ''}: ${res.status} ${JSON.stringify(res.body)}`,
            );
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});

// A route someone added without declaring its rule: the sweep above must name it, and the guard refuse it.
@Controller('undeclared-probe')
class UndeclaredController {
  @Get()
  probe() {
    return { ok: true };
  }
}
@Module({ controllers: [UndeclaredController] })
class UndeclaredModule {}

describe('a route without a rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { imports: [UndeclaredModule], connection: await openDatabase({ dataDir: null }) });
  }, APP_TEST_TIMEOUT);
  afterAll(() => t?.close());

  it('is named by the sweep, and refused to every role, administrators included', async () => {
    expect(declaredRoutes(t).undeclared).toEqual(['GET /api/undeclared-probe']);
    const account = newAdmin();
    await t.app.get(AdminsService).create(account);
    const agent = t.agent();
    await agent.post('/api/admins/login').send({ email: account.email, password: account.password }).expect(200);
    const res = await agent.get('/api/undeclared-probe');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You don't have access to this." });
  });
});

/** One request of the matrix: a JSON body on a write (the guard's answer does not depend on it; a handler's 400 is not a 403). */
function send(agent: ReturnType<TestApp['agent']> | ReturnType<TestApp['http']>, method: string, path: string) {
  const request = agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path);
  return method === 'GET' ? request : request.send({});
}
