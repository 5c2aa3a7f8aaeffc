import { Controller, Get, Module, Param, Post, Query } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT, createTestApp, type TestApp } from '../support/create-test-app';
import { registeredRoutes } from '../support/routes';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
  components: { schemas: Record<string, { required?: string[]; properties: Record<string, Record<string, unknown>> }> };
};

/** `GET /api/news/:id` as the document names it: `get /api/news/{id}`. */
function documented(doc: Document): string[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

function registered(t: TestApp): string[] {
  return registeredRoutes(t).map(({ method, path }) => `${method} ${path}`);
}

// A route the test adds after the fact: the document must pick it up like any other.
@Controller('test-openapi-probe')
class ProbeController {
  @Get(':id')
  one(@Param('id') id: string, @Query('full') full: string) {
    return { id, full };
  }

  @Post()
  make() {
    return {};
  }
}
@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp({}, { imports: [ProbeModule] });
    const res = await t.http().get('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body as Document;
  }, APP_TEST_TIMEOUT);
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document served without a session', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('describes exactly the routes the app registered, including ones added later', () => {
    const routes = registered(t);
    expect(routes.length).toBeGreaterThan(15);
    expect(routes).toContain('GET /api/test-openapi-probe/:id');
    expect(documented(doc).sort()).toEqual([...routes].sort());
  });

  it('takes path and query parameters from the controllers', () => {
    expect(doc.paths['/api/test-openapi-probe/{id}'].get.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'full', in: 'query', required: false, schema: { type: 'string' } },
    ]);
    expect(doc.paths['/api/news'].get.parameters?.map((p) => p.name).sort()).toEqual(['page', 'title']);
  });

  it('takes request bodies from the DTOs and their validation', () => {
    expect(doc.paths['/api/admins/register'].post.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/RegisterAdminDto' } } },
    });
    const register = doc.components.schemas.RegisterAdminDto;
    expect(register.required).toEqual(['name', 'email', 'password']);
    expect(register.properties.email).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });
    expect(register.properties.password).toMatchObject({ type: 'string', minLength: 8, maxLength: 128 });
    expect(register.properties.setupToken).toMatchObject({ type: 'string', maxLength: 200 });
    expect(doc.components.schemas.CreateServiceDto.required).toEqual(['title', 'about']);
    expect(doc.components.schemas.UpdateServiceDto.required).toBeUndefined();
    expect(doc.components.schemas.UpdateServiceDto.properties.title).toMatchObject({ type: 'string', maxLength: 200 });
    expect(Object.keys(doc.paths['/api/news/{id}/upload'].post.requestBody as object)).toContain('content');
  });

  it('marks the public routes as needing no session, and no others', () => {
    const open = Object.entries(doc.paths)
      .flatMap(([path, operations]) => Object.entries(operations).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })))
      .filter(({ op }) => Array.isArray(op.security) && op.security.length === 0)
      .map(({ name }) => name)
      .sort();
    expect(open).toEqual([
      'GET /api/admins/me',
      'GET /api/health',
      'GET /api/health/ready',
      'GET /api/openapi.json',
      'POST /api/admins/login',
      'POST /api/admins/logout',
      'POST /api/admins/register',
      'POST /api/contactus',
    ]);
  });
});
