import type { OpenAPIObject } from '@nestjs/swagger';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { METHODS } from 'node:http';
import type { Response, Test } from 'supertest';

/*
 * Every reply a test receives through TestApp's http() or agent() is checked against the API
 * document the app serves: its status must be one the route documents, and a JSON body must match
 * that response's schema. A path or method no route owns (404, 405, or a refusal by a layer before
 * the routes) must answer a refusal in one of the contract's two error shapes. A reply that drifts from the
 * document fails the test that saw it, with the schema's complaint.
 *
 * The document is read strictly: an object may carry no property its schema does not name
 * (`additionalProperties: false` wherever the document leaves it open), so a field renamed,
 * added or leaked (a password hash, `deletedAt`) on either side shows up here.
 */

type Schema = Record<string, unknown>;
type Documented = { $ref?: string; content?: Record<string, { schema?: Schema }> };
type Operation = { responses: Record<string, Documented> };

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  operation: Operation;
}

export interface ReplyChecker {
  check(method: string, url: string, res: Response): void;
}

const SCHEMAS = '#/components/schemas/';
const RESPONSES = '#/components/responses/';

/** A deep copy with every open object closed and every component reference pointed at `api#/$defs/`. */
function strict(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strict);
  if (node === null || typeof node !== 'object') return node;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMAS)) copy.$ref = `api#/$defs/${value.slice(SCHEMAS.length)}`;
    else if (key === 'example' || key === 'examples') continue;
    else
      copy[key] =
        key === 'properties' ? Object.fromEntries(Object.entries(value as Schema).map(([name, s]) => [name, strict(s)])) : strict(value);
  }
  if (copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

/** `/api/news/{id}` → a pattern for concrete paths; literal paths first, so `photo-limits` is not taken for an id. */
function routesOf(document: OpenAPIObject): Route[] {
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      if (operation && typeof operation === 'object' && 'responses' in operation) routes.push({ method, template, pattern, operation });
    }
  }
  const params = (route: Route) => (route.template.match(/\{/g) ?? []).length;
  return routes.sort((a, b) => params(a) - params(b));
}

const checkers = new Map<string, ReplyChecker>();

/** The checker for one document (cached per document text: most test apps serve the same one). */
export function replyChecker(document: OpenAPIObject): ReplyChecker {
  const key = JSON.stringify(document);
  let checker = checkers.get(key);
  if (checker) return checker;

  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'api', $defs: strict(document.components?.schemas ?? {}) as Schema });
  const routes = routesOf(document);
  const shared = (document.components?.responses ?? {}) as Record<string, Documented>;
  const validators = new Map<Schema, ValidateFunction>();
  const validator = (schema: Schema) => {
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(strict(schema) as Schema)));
    return validate;
  };
  // What an /api path or method no route owns may answer: a refusal in either error shape.
  const refused: Documented = {
    content: { 'application/json': { schema: { oneOf: [{ $ref: `${SCHEMAS}Error` }, { $ref: `${SCHEMAS}FieldErrors` }] } } },
  };

  checker = {
    check(method, url, res) {
      const path = new URL(url, 'http://test').pathname.replace(/(.)\/$/, '$1');
      // A CORS preflight is the cors middleware's answer, no route's.
      if ((path !== '/api' && !path.startsWith('/api/')) || method.toUpperCase() === 'OPTIONS') return;
      const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
      const route = routes.find((r) => r.method === verb && r.pattern.test(path));
      const at = `${method.toUpperCase()} ${path} → ${res.status}`;
      if (!route && res.status < 400) throw new Error(`${at}: the API document has no such route`);
      const status = String(res.status);
      const listed = route
        ? (route.operation.responses[status] ?? route.operation.responses.default)
        : res.status >= 400
          ? refused
          : undefined;
      const documented = listed?.$ref ? shared[listed.$ref.slice(RESPONSES.length)] : listed;
      if (!documented) throw new Error(`${at}: the document does not list this status for ${route ? route.template : 'the route'}`);
      if (!documented.content || method.toLowerCase() === 'head') return;
      const type = res.type;
      const content = documented.content[type];
      if (!content)
        throw new Error(
          `${at}: answered ${type || 'without a content type'}, the document says ${Object.keys(documented.content).join(', ')}`,
        );
      if (type !== 'application/json' || !content.schema) return;
      const validate = validator(content.schema);
      if (!validate(res.body)) {
        throw new Error(
          `${at}: the reply does not match the API document: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}\n` +
            `body: ${JSON.stringify(res.body).slice(0, 500)}`,
        );
      }
    },
  };
  checkers.set(key, checker);
  return checker;
}

const VERBS = new Set([...METHODS.map((m) => m.toLowerCase()), 'del']);

/**
 * supertest's request(server) or agent, with the reply check added to every request it makes, as
 * an assertion of its own (it runs before the test's `await` gets the reply).
 */
export function checkingReplies<T extends object>(client: T, checker: ReplyChecker): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !VERBS.has(property) || typeof value !== 'function') return value;
      return (url: string, ...rest: unknown[]) => {
        const test = (value as (...args: unknown[]) => Test).call(target, url, ...rest);
        const method = property === 'del' ? 'DELETE' : property.toUpperCase();
        return test.expect((res: Response) => checker.check(method, url, res));
      };
    },
  });
}
