import { randomUUID } from 'node:crypto';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';

/*
 * What a fuzzer's positive and negative data checks do, from the document the app serves: every
 * bounded parameter (an integer's minimum and maximum, a string's maxLength, a UUID, an enum) is
 * sent at its limits, where the server must accept it, and just outside them, where it must
 * refuse it as the document says: 400 keyed by the parameter in the query, the route's 404 in the
 * path (the contract: an id that is not a UUID names nothing). Every reply is also checked
 * against the document (create-test-app's reply check).
 */

type Schema = { type?: string | string[]; format?: string; minimum?: number; maximum?: number; maxLength?: number; enum?: string[] };
interface Parameter {
  name: string;
  in: 'query' | 'path';
  required?: boolean;
  allowEmptyValue?: boolean;
  schema: Schema & { $ref?: string };
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
}

/**
 * Values at a parameter's limits (accepted) and just outside them (refused); none for an unbounded
 * one. `empty`: whether an empty value is accepted (allowEmptyValue), refused (other query
 * parameters) or not sent at all (a path segment cannot be empty).
 */
function probes(schema: Schema, empty: 'accepted' | 'refused' | 'unsent'): { inside: string[]; outside: string[] } {
  const allowEmpty = empty === 'accepted';
  const refuseEmpty = empty === 'refused';
  if (schema.enum) {
    return { inside: [...schema.enum, ...(allowEmpty ? [''] : [])], outside: [`${schema.enum[0]}x`, ...(refuseEmpty ? [''] : [])] };
  }
  if (schema.type === 'integer') {
    const { minimum: min, maximum: max } = schema;
    if (min === undefined || max === undefined) throw new Error('an integer parameter without both bounds');
    return { inside: [String(min), String(max)], outside: [String(min - 1), String(max + 1), `${min}.5`, 'one'] };
  }
  if (schema.format === 'uuid') {
    const id = randomUUID();
    return { inside: [id, ...(allowEmpty ? [''] : [])], outside: [id.slice(0, -1), `${id}0`, 'not-a-uuid', ...(refuseEmpty ? [''] : [])] };
  }
  if (schema.maxLength !== undefined) return { inside: ['a'.repeat(schema.maxLength)], outside: ['a'.repeat(schema.maxLength + 1)] };
  return { inside: [], outside: [] };
}

function emptyOf(parameter: Parameter): 'accepted' | 'refused' | 'unsent' {
  if (parameter.in === 'path') return 'unsent';
  return parameter.allowEmptyValue === true ? 'accepted' : 'refused';
}

/** A value inside the bounds, for the parameters not under test. */
function inside(schema: Schema): string {
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer') return String(schema.minimum ?? 1);
  return randomUUID();
}

describe("the API document's parameter bounds, held at the server", () => {
  let t: TestApp;
  let agent: TestApp['agent'] extends () => infer A ? A : never;
  let doc: OpenAPIObject;
  beforeAll(async () => {
    t = await createTestApp();
    agent = (await loggedInAgent(t)).agent;
    doc = (await t.http().get('/api/openapi.json')).body as OpenAPIObject;
  }, APP_TEST_TIMEOUT);
  afterAll(() => t?.close());

  const resolved = (schema: Parameter['schema']): Schema =>
    schema.$ref ? (doc.components!.schemas![schema.$ref.split('/').pop()!] as Schema) : schema;

  /** Every parameter with bounds, with its operation. */
  function bounded() {
    const found: { method: string; path: string; op: Operation; parameter: Parameter; schema: Schema }[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
        for (const parameter of op.parameters ?? []) {
          const schema = resolved(parameter.schema);
          const { inside: ok } = probes(schema, emptyOf(parameter));
          if (ok.length > 0) found.push({ method, path, op, parameter, schema });
        }
      }
    }
    return found;
  }

  /** The request with `value` for `parameter` and a value inside the bounds for every other one the path needs. */
  function send(method: string, path: string, op: Operation, parameter: Parameter, value: string): Test {
    let url = path;
    for (const other of op.parameters ?? []) {
      if (other.in !== 'path') continue;
      const filled = other === parameter ? value : inside(resolved(other.schema));
      url = url.replace(`{${other.name}}`, encodeURIComponent(filled));
    }
    const request = (agent as unknown as Record<string, (url: string) => Test>)[method](url);
    if (parameter.in === 'query') request.query({ [parameter.name]: value });
    const content = Object.keys(op.requestBody?.content ?? {});
    // Only the parameter is at fault: a body the route takes (the PATCHes' fields are all optional; an upload without a file changes nothing).
    if (content.includes('multipart/form-data')) request.field('note', 'no file');
    else if (content.includes('application/json')) request.send({});
    return request;
  }

  it('finds the bounded parameters: page, ids, enums and lengths', () => {
    const names = new Set(bounded().map(({ method, path, parameter }) => `${method.toUpperCase()} ${path} ${parameter.name}`));
    for (const expected of [
      'GET /api/services page',
      'GET /api/services/{id} id',
      'DELETE /api/trash/{kind}/{id} kind',
      'GET /api/activity kind',
      'GET /api/activity admin',
      'GET /api/contactus unread',
      'GET /api/contactus name',
    ]) {
      expect(names).toContain(expected);
    }
    expect(names.size).toBeGreaterThan(25);
  });

  it('accepts every bounded parameter at its limits, and refuses it just outside them as the document says', async () => {
    const wrong: string[] = [];
    for (const { method, path, op, parameter, schema } of bounded()) {
      const { inside: ok, outside } = probes(schema, emptyOf(parameter));
      const at = (value: string) =>
        `${method.toUpperCase()} ${path} ${parameter.in} ${parameter.name}=${JSON.stringify(value.slice(0, 40))}`;
      for (const value of ok) {
        const res = await send(method, path, op, parameter, value);
        if (res.status === 400 || res.status >= 500) wrong.push(`${at(value)} → ${res.status}, expected acceptance`);
      }
      for (const value of outside) {
        const res = await send(method, path, op, parameter, value);
        if (parameter.in === 'query') {
          const keyed = (res.body as { error?: Record<string, unknown> }).error?.[parameter.name] !== undefined;
          if (res.status !== 400 || !keyed)
            wrong.push(`${at(value)} → ${res.status} ${JSON.stringify(res.body)}, expected 400 keyed ${parameter.name}`);
        } else if (res.status !== 404 || op.responses['404'] === undefined) {
          wrong.push(`${at(value)} → ${res.status}, expected the route's documented 404`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('finds real items by their ids (a UUID is not only accepted but read)', async () => {
    const service = await agent.post('/api/services').send({ title: 'Bounds', about: 'A service to find' });
    expect(service.status).toBe(201);
    expect((await agent.get(`/api/services/${service.body.id}`)).status).toBe(200);
    expect((await agent.get(`/api/services/${service.body.id.toUpperCase()}`)).status).toBe(200);
    expect((await agent.get(`/api/services/${service.body.id.slice(0, -1)}`)).status).toBe(404);
  });
});

describe('a known API path asked with a method it does not have', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, APP_TEST_TIMEOUT);
  afterAll(() => t?.close());

  it('answers 405 with Allow listing the methods the path has, before the session is asked for', async () => {
    const res = await t.http().put('/api/services').send({});
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.body).toEqual({ error: 'Method not allowed' });
  });

  it.each([
    ['POST', '/api/services/0b4a1a0e-6a8e-4d7e-9c55-2f1d8f0a4b11', 'GET, HEAD, PATCH, DELETE'],
    ['PUT', '/api/services/anything/', 'GET, HEAD, PATCH, DELETE'],
    ['DELETE', '/api/settings', 'GET, HEAD, PATCH'],
    ['GET', '/api/admins/me/password', 'POST'],
    ['HEAD', '/api/settings/mail/test', 'POST'],
    // DELETE /api/admins/{id} would take `login` for an id.
    // PATCH and DELETE are /api/admins/:id's (a role change, a removal), whose :id `login` is.
    ['GET', '/api/admins/login', 'POST, PATCH, DELETE'],
    ['PATCH', '/api/news/photo-limits', null],
    ['DELETE', '/api/news/photo-limits', null],
    ['PUT', '/api/news/photo-limits', 'GET, HEAD, PATCH, DELETE'],
    ['GET', '/api/trash/news/0b4a1a0e-6a8e-4d7e-9c55-2f1d8f0a4b11/restore', 'POST'],
    ['OPTIONS', '/api/health', 'GET, HEAD'],
  ])('%s %s → %s', async (method, path, allow) => {
    const res = await t.http()[method.toLowerCase() as 'get'](path);
    if (allow === null) {
      // Express routes it to another path's route (`/api/news/{id}` takes `photo-limits` for an id): not a 405.
      expect(res.status).not.toBe(405);
    } else {
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe(allow);
    }
  });

  it('leaves unknown paths a 404, and known methods alone', async () => {
    for (const [method, path] of [
      ['get', '/api/nothing-here'],
      ['put', '/api/nothing-here'],
      ['put', '/api/services/a/b'],
      ['delete', '/api/servicesx'],
    ] as const) {
      expect((await t.http()[method](path)).status, `${method} ${path}`).toBe(404);
    }
    expect((await t.http().get('/api/services')).status).toBe(401);
    expect((await t.http().head('/api/health')).status).toBe(200);
  });
});
