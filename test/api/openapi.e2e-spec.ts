import { Controller, Get, Module, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, type OpenAPIObject } from '@nestjs/swagger';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdReply } from '../../server/common/api-docs';
import { previewApiDocument } from '../../server/cli/openapi-document';
import { APP_TEST_TIMEOUT, createTestApp, type TestApp } from '../support/create-test-app';
import { replyChecker } from '../support/reply-check';
import { apiRoutes } from '../support/routes';

type Operation = {
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Schema = { required?: string[]; properties: Record<string, Record<string, unknown>> };

function operations(doc: OpenAPIObject): { name: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
}

/** `get /api/news/{id}` as Express names it: `GET /api/news/:id`. */
function documented(doc: OpenAPIObject): string[] {
  return operations(doc).map(({ name }) => name.replace(/\{(\w+)\}/g, ':$1'));
}

function registered(t: TestApp): string[] {
  return apiRoutes(t).map(({ method, path }) => `${method} ${path}`);
}

// A route the test adds after the fact: the document must pick it up like any other.
@Controller('test-openapi-probe')
class ProbeController {
  @Get(':id')
  @ApiOkResponse({ type: IdReply })
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
  let doc: OpenAPIObject;
  beforeAll(async () => {
    t = await createTestApp({}, { imports: [ProbeModule] });
    const res = await t.http().get('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body as OpenAPIObject;
  }, APP_TEST_TIMEOUT);
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document, served without a session', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(JSON.parse(JSON.stringify(doc)) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes exactly the routes the app registered, including ones added later', () => {
    const routes = registered(t);
    expect(routes.length).toBeGreaterThan(15);
    expect(routes).toContain('GET /api/test-openapi-probe/:id');
    expect(documented(doc).sort()).toEqual([...routes].sort());
  });

  it('gives every route of the app a success response with a schema, and each refusal it may answer by status, never a range', () => {
    const app = operations(doc).filter(({ name }) => !name.includes('/api/test-openapi-probe'));
    const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
    for (const { name, op } of app) {
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, name).toBe(1);
      // A 204 has no body to describe (the visitor-count beacon's answer, a working copy discarded).
      if (success[0][0] !== '204') {
        const content = Object.values(success[0][1].content ?? {});
        expect(content.length, name).toBeGreaterThan(0);
        expect(content[0].schema, name).toBeTruthy();
      }
      expect(
        Object.keys(op.responses).filter((status) => !/^\d{3}$/.test(status)),
        name,
      ).toEqual([]);
      // The layers every request passes: its own 400, 500 and 503 or the shared ones.
      for (const status of ['400', '500', '503']) expect(op.responses[status], `${name} ${status}`).toBeDefined();
      const unsafe = /^(POST|PUT|PATCH|DELETE) /.test(name);
      for (const status of ['413', '415']) expect(op.responses[status] !== undefined, `${name} ${status}`).toBe(unsafe);
      // The shared 404 where the path names something; a route may also say its own (the beacon's, counting off).
      const ownNotFound = op.responses['404'] !== undefined && !('$ref' in op.responses['404']);
      if (!ownNotFound) expect(op.responses['404'] !== undefined, `${name} 404`).toBe(name.includes('{') || name.includes('bulk-'));
    }
    const own = (name: string) => {
      const [method, path] = name.split(' ');
      return (doc.paths[path] as Record<string, Operation & { responses: Record<string, { description?: string }> }>)[method.toLowerCase()]
        .responses;
    };
    // An operation's own 400 says what it refuses; one without its own refers to the shared one.
    expect(own('POST /api/services/bulk-delete')['400'].description).toBe('More than 100 ids, none, or one that is not a UUID');
    expect(own('GET /api/dashboard')['400']).toEqual(ref('BadRequest'));
    expect(own('GET /api/dashboard')['500']).toEqual(ref('ServerError'));
    expect(own('GET /api/dashboard')['503']).toEqual(ref('Unavailable'));
    expect(own('GET /api/health')).not.toHaveProperty('401');
    expect(own('GET /api/health')).not.toHaveProperty('403');
    expect(own('POST /api/contactus')['403']).toEqual(ref('Forbidden'));
    const shared = doc.components?.responses as Record<string, { content: Record<string, { schema: unknown }> }>;
    expect(Object.keys(shared).sort()).toEqual(
      ['BadRequest', 'Forbidden', 'NotFound', 'NotLoggedIn', 'ServerError', 'TooLarge', 'Unavailable', 'UnsupportedType'].sort(),
    );
    expect(shared.BadRequest.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/FieldErrors' });
    for (const name of ['NotFound', 'NotLoggedIn', 'ServerError', 'TooLarge', 'Unavailable', 'UnsupportedType']) {
      expect(shared[name].content['application/json'].schema, name).toEqual({ $ref: '#/components/schemas/Error' });
    }
    // A role's refusal by the guard is a message; a rule the service checks (an author's change) is keyed by the field.
    expect(shared.Forbidden.content['application/json'].schema).toEqual({
      oneOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/FieldErrors' }],
    });
    expect(doc.components?.schemas?.Error).toMatchObject({ required: ['error'], properties: { error: { type: 'string' } } });
    expect(doc.components?.schemas?.FieldErrors).toMatchObject({
      required: ['error'],
      properties: { error: { type: 'object', additionalProperties: { required: ['msg'], properties: { msg: { type: 'string' } } } } },
    });
  });

  it('names the reply of each kind of route: an item, a page, a creation, a deletion', () => {
    const json = (name: string, status: string) => {
      const [method, path] = name.split(' ');
      const op = (doc.paths[path] as Record<string, Operation>)[method.toLowerCase()];
      return op.responses[status].content?.['application/json'].schema;
    };
    expect(json('GET /api/services/{id}', '200')).toEqual({ $ref: '#/components/schemas/Service' });
    expect(json('GET /api/services', '200')).toEqual({ $ref: '#/components/schemas/ServiceListItemPage' });
    expect(json('POST /api/services', '201')).toEqual({ $ref: '#/components/schemas/Service' });
    expect(json('DELETE /api/services/{id}', '200')).toEqual({ $ref: '#/components/schemas/IdReply' });
    expect(json('GET /api/services/{id}', '404')).toEqual({ $ref: '#/components/schemas/Error' });
    expect(json('POST /api/services', '400')).toEqual({ $ref: '#/components/schemas/FieldErrors' });
    expect(doc.components?.schemas?.Service).toMatchObject({
      required: ['id', 'title', 'about', 'version', 'hasDraft', 'createdAt', 'updatedAt'],
      properties: { id: { type: 'string', format: 'uuid' }, createdAt: { type: 'string', format: 'date-time' } },
    });
  });

  it('takes path and query parameters from the controllers', () => {
    const probe = (doc.paths['/api/test-openapi-probe/{id}'] as Record<string, Operation>).get;
    // Ids are UUIDs (the contract): every `{id}` in a path says so, an added route's too.
    expect(probe.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: { type: 'string', format: 'uuid' },
        description: 'A UUID; anything else names nothing (404, as an unknown id)',
      },
      { name: 'full', in: 'query', required: true, schema: { type: 'string' } },
    ]);
    const news = (doc.paths['/api/news'] as Record<string, Operation>).get;
    expect(news.parameters?.map((p) => p.name).sort()).toEqual(['needsTranslation', 'page', 'title']);
    expect(news.parameters?.find((p) => p.name === 'page')).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 100_000 },
    });
    for (const { name, op } of operations(doc)) {
      for (const parameter of op.parameters ?? []) {
        if (parameter.in === 'path' && parameter.name === 'id') expect(parameter.schema, name).toEqual({ type: 'string', format: 'uuid' });
      }
    }
    const messages = (doc.paths['/api/contactus'] as Record<string, Operation>).get;
    expect(messages.parameters?.find((p) => p.name === 'name')?.schema).toEqual({ type: 'string', maxLength: 100 });
    expect(messages.parameters?.find((p) => p.name === 'unread')?.schema).toEqual({ type: 'string', enum: ['true', 'false'] });
  });

  it('takes request bodies from the DTOs and their limits', () => {
    const body = (path: string) => (doc.paths[path] as Record<string, Operation>).post.requestBody;
    expect(body('/api/admins/register')).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/RegisterAdminDto' } } },
    });
    const schemas = doc.components?.schemas as Record<string, Schema>;
    const register = schemas.RegisterAdminDto;
    expect(register.required).toEqual(['name', 'email', 'password']);
    expect(register.properties.email).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });
    expect(register.properties.password).toMatchObject({ type: 'string', minLength: 8, maxLength: 128 });
    expect(register.properties.setupToken).toMatchObject({ type: 'string', maxLength: 200 });
    expect(schemas.CreateServiceDto.required).toEqual(['title', 'about']);
    expect(schemas.UpdateServiceDto.required).toBeUndefined();
    expect(schemas.UpdateServiceDto.properties.title).toMatchObject({ type: 'string', maxLength: 200 });
    expect(body('/api/admins/login')?.content['application/json']).toEqual({ schema: { $ref: '#/components/schemas/Credentials' } });
    expect(body('/api/news/{id}/upload')?.content['multipart/form-data']).toMatchObject({
      schema: { properties: { photo: { type: 'string', format: 'binary' } } },
    });
    // The contract: the form is sent after every save, a file or not; without one nothing changes.
    expect((body('/api/news/{id}/upload')?.content['multipart/form-data'] as { schema: Schema }).schema.required).toBeUndefined();
    expect(schemas.CreateContactMessageDto.required).toEqual(['name', 'email', 'msg']);
    expect(schemas.CreateContactMessageDto.properties.website).toMatchObject({ type: 'string' });
    expect(schemas.Credentials.required).toEqual(['email', 'password']);
    // What the app refuses and accepts, said where a fuzzer reads it (#35 item 6).
    const noNul = '^[^\\u0000]*$';
    expect(schemas.CreateServiceDto.properties.title.pattern).toBe(noNul);
    expect(schemas.CreateContactMessageDto.properties.msg.pattern).toBe(noNul);
    expect(schemas.RegisterAdminDto.properties.name.pattern).toBe(noNul);
    expect(schemas.UpdateSettingsDto.properties.email).toMatchObject({
      maxLength: 254,
      anyOf: [
        { type: 'string', format: 'email' },
        { type: 'string', enum: [''] },
      ],
    });
    expect(schemas.SecondStepDto).toMatchObject({ anyOf: [{ required: ['code'] }, { required: ['recoveryCode'] }] });
    expect(schemas.SecondStepDto.required).toBeUndefined();
    expect(new RegExp(schemas.CreateNewsDto.properties.slug.pattern as string).test('')).toBe(true);
    expect(new RegExp(schemas.CreateNewsDto.properties.slug.pattern as string).test('Not A Slug')).toBe(false);
    expect(JSON.stringify(schemas.UpdateNewsDto.properties.publishAt)).toContain('{"type":"string","enum":[""]}');
    const logo = (doc.paths['/api/settings/logo'] as Record<string, Operation>).post;
    expect((logo.requestBody?.content['multipart/form-data'] as { schema: unknown }).schema).toMatchObject({
      required: ['photo'],
      additionalProperties: { type: 'string', maxLength: 1024 },
      maxProperties: 11,
    });
    expect(schemas.ActivityEntry.properties.action).toEqual({ allOf: [{ $ref: '#/components/schemas/ActivityAction' }] });
    expect(schemas.ActivityAction).toMatchObject({ type: 'string', enum: expect.arrayContaining(['sign-in', 'edit', 'purge']) });
    // Every property of every schema says what it is.
    for (const [name, schema] of Object.entries(schemas)) {
      for (const [property, value] of Object.entries(schema.properties ?? {})) {
        const typed = ['type', '$ref', 'allOf', 'anyOf', 'oneOf', 'enum'].some((key) => key in value);
        expect(typed, `${name}.${property}`).toBe(true);
      }
    }
  });

  it('describes the session cookie, and marks the public routes as needing none, and no others', () => {
    expect(doc.components?.securitySchemes?.session).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'sid',
      description: 'The session cookie from POST /api/admins/login',
    });
    expect(doc.security).toEqual([{ session: [] }]);
    const open = operations(doc).filter(({ op }) => Array.isArray(op.security) && op.security.length === 0);
    expect(open.map(({ name }) => name).sort()).toEqual([
      'GET /api/admins/me',
      'GET /api/admins/password-reset',
      'GET /api/admins/register',
      'GET /api/collect.gif',
      'GET /api/health',
      'GET /api/health/ready',
      'GET /api/openapi.json',
      'POST /api/admins/invitations/accept',
      'POST /api/admins/login',
      'POST /api/admins/login/passkey',
      'POST /api/admins/login/passkey/options',
      'POST /api/admins/login/second-factor',
      'POST /api/admins/logout',
      'POST /api/admins/me/email/confirm',
      'POST /api/admins/password-reset',
      'POST /api/admins/password-reset/confirm',
      'POST /api/admins/register',
      'POST /api/collect',
      'POST /api/contactus',
    ]);
    for (const { name, op } of operations(doc)) {
      const needsSession = !open.some((o) => o.name === name);
      // Login's 401 is a wrong password; the second step's, a half-open sign-in that is missing or
      // expired; the passkey sign-in's, a passkey refused.
      const refusesOpenly = ['POST /api/admins/login', 'POST /api/admins/login/second-factor', 'POST /api/admins/login/passkey'].includes(
        name,
      );
      expect(op.responses['401'] !== undefined, name).toBe(needsSession || refusesOpenly);
    }
  });

  it('is the document the client types are generated from (built without a database)', async () => {
    const { paths, ...preview } = await previewApiDocument();
    const { paths: served, ...rest } = doc;
    expect(preview).toEqual({ ...rest, components: preview.components });
    expect(paths).toEqual(Object.fromEntries(Object.entries(served).filter(([path]) => !path.startsWith('/api/test-openapi-probe'))));
  });

  it('fails a reply that drifts from it: a renamed field, an extra one, an undocumented status', () => {
    const checker = replyChecker(doc);
    const service = {
      id: '00000000-0000-4000-8000-000000000000',
      title: 'A',
      about: 'B',
      version: 1,
      hasDraft: false,
      createdAt: new Date().toISOString(),
    };
    const reply = (status: number, body: unknown) => ({ status, type: 'application/json', body }) as never;
    expect(() =>
      checker.check('GET', `/api/services/${service.id}`, reply(200, { ...service, updatedAt: service.createdAt })),
    ).not.toThrow();
    expect(() => checker.check('GET', `/api/services/${service.id}`, reply(200, { ...service, changedAt: service.createdAt }))).toThrow(
      /must have required property 'updatedAt'/,
    );
    expect(() =>
      checker.check('GET', `/api/services/${service.id}`, reply(200, { ...service, updatedAt: service.createdAt, deletedAt: null })),
    ).toThrow(/must NOT have additional properties/);
    expect(() => checker.check('GET', '/api/services', reply(400, { error: 'Page must be a whole number' }))).toThrow(/must be object/);
    expect(() => checker.check('GET', '/api/services', reply(302, {}))).toThrow(/does not list this status/);
    expect(() => checker.check('GET', '/api/services', reply(409, { error: 'Taken' }))).toThrow(/does not list this status/);
    expect(() => checker.check('GET', '/api/no-such-path', reply(404, { error: 'Not found' }))).not.toThrow();
    expect(() => checker.check('GET', '/api/no-such-path', reply(404, { missing: true }))).toThrow(/does not match/);
  });
});
