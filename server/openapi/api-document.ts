import { Injectable, type INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { apiSchemaRules, ErrorReply, FieldErrorsReply } from '../common/api-docs';
import { OPEN_OPERATION } from '../common/public.decorator';

type PathItemObject = OpenAPIObject['paths'][string];
type OperationObject = NonNullable<PathItemObject['get']>;
type ResponseObject = NonNullable<OperationObject['responses'][string]>;

const SECURITY = 'session';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ERROR = json({ $ref: getSchemaPath(ErrorReply) });
const FIELD_ERRORS = json({ $ref: getSchemaPath(FieldErrorsReply) });

/**
 * What the layers every request passes through may answer, whatever the route: written once, in
 * components.responses, and listed by each operation they apply to (completeOperation), each
 * status on its own: a client or fuzzer reads exactly which refusals an operation has, never a
 * 4XX or 5XX range that would cover any status.
 */
const RESPONSES: Record<string, ResponseObject> = {
  BadRequest: {
    description:
      'A query parameter given twice or as a list (keyed by it), or a body that is not valid JSON, is not a JSON object (`null`, a number, a list) or is nested deeper than 32 levels (keyed `body`)',
    ...FIELD_ERRORS,
  },
  NotLoggedIn: { description: 'Not logged in', ...ERROR },
  Forbidden: {
    description:
      "A POST, PATCH or DELETE from a foreign origin; on an admin route, a role without the route's permission (`x-permission`, server/roles/permissions.ts), or a rule of the role the service checks (an author's change to what they did not create or to a published item, keyed by the field); or, with REQUIRE_SECOND_FACTOR=true, an admin who has not set up a second factor yet",
    ...json({ oneOf: [{ $ref: getSchemaPath(ErrorReply) }, { $ref: getSchemaPath(FieldErrorsReply) }] }),
  },
  NotFound: { description: 'Names nothing: an unknown id, or one that is not a UUID', ...ERROR },
  TooLarge: { description: 'The request body is larger than the API takes', ...ERROR },
  UnsupportedType: { description: 'A request body that is not application/json', ...ERROR },
  ServerError: { description: 'Something went wrong; the cause is in the log, under the request id', ...ERROR },
  Unavailable: { description: 'The database or photo storage is unavailable; Retry-After says when to try again', ...ERROR },
};
const response = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });
const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The API's OpenAPI 3.1 document, from the controllers' routes, parameters and @nestjs/swagger
 * decorators (server/common/api-docs.ts). The app's global prefix must be set already. Needs no
 * database: tools build it from an app created in preview mode (server/cli/openapi-document.ts).
 */
export function createApiDocument(app: INestApplication, sessionCookie: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Company website API')
    .setVersion('1')
    .addCookieAuth(
      sessionCookie,
      { type: 'apiKey', in: 'cookie', name: sessionCookie, description: 'The session cookie from POST /api/admins/login' },
      SECURITY,
    )
    .addSecurityRequirements(SECURITY)
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ErrorReply, FieldErrorsReply] });
  document.components = { ...document.components, responses: RESPONSES };
  for (const [name, rule] of apiSchemaRules()) Object.assign(document.components.schemas?.[name] ?? {}, rule);
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation: (OperationObject & { [OPEN_OPERATION]?: boolean }) | undefined = item[method];
      if (operation) completeOperation(operation, method);
    }
  }
  return document;
}

/**
 * Ids are UUIDs (the contract): every `{id}` in a path is documented as one. One that is not names
 * nothing, and answers the route's 404 like an unknown id.
 */
const ID_PARAMETER = {
  schema: { type: 'string', format: 'uuid' },
  description: 'A UUID; anything else names nothing (404, as an unknown id)',
} as const;

/**
 * Adds what the shared layers may answer to what the operation's decorators say (which win where
 * both name a status): 400 anywhere (the query and body checks); 401 and 403 without the session
 * or the second factor an admin route needs; 403, 413 and 415 on a method with a body; 404 where
 * the path names something; 500 and 503 anywhere.
 */
function completeOperation(operation: OperationObject & { [OPEN_OPERATION]?: boolean }, method: string): void {
  let named = false;
  for (const parameter of operation.parameters ?? []) {
    if (!('in' in parameter) || parameter.in !== 'path') continue;
    named = true;
    if (parameter.name === 'id') Object.assign(parameter, ID_PARAMETER);
  }
  const open = operation[OPEN_OPERATION] === true;
  delete operation[OPEN_OPERATION];
  // An empty requirement list overrides the document's: no session needed.
  if (open) operation.security = [];
  const unsafe = UNSAFE.has(method);
  const shared: Record<string, ReturnType<typeof response>> = { 400: response('BadRequest') };
  if (!open) shared[401] = response('NotLoggedIn');
  if (!open || unsafe) shared[403] = response('Forbidden');
  if (named) shared[404] = response('NotFound');
  if (unsafe) Object.assign(shared, { 413: response('TooLarge'), 415: response('UnsupportedType') });
  Object.assign(shared, { 500: response('ServerError'), 503: response('Unavailable') });
  if (!open) allowRoleRefusal(operation.responses?.[403]);
  const responses = { ...shared, ...operation.responses };
  operation.responses = Object.fromEntries(
    Object.keys(responses)
      .sort()
      .map((status) => [status, responses[status]]),
  );
}

/**
 * A route's own 403 (a recent confirmation, registration closed…) may also be RulesGuard's: a role
 * without the route's permission, whose body is the plain error. Its schema takes that one too.
 */
function allowRoleRefusal(reply: OperationObject['responses'][string] | undefined): void {
  const own = reply && 'content' in reply ? reply : undefined;
  const content = own?.content?.['application/json'];
  if (!content?.schema) return;
  const error = { $ref: getSchemaPath(ErrorReply) };
  const schema = content.schema as { $ref?: string; oneOf?: object[] };
  if (schema.$ref === error.$ref || schema.oneOf?.some((option) => (option as { $ref?: string }).$ref === error.$ref)) return;
  content.schema = { oneOf: [...(schema.oneOf ?? [schema]), error] };
  own!.description = `${own!.description}; or a role without the route's permission`;
}

/** The document of this app, built once by configureApp (routes do not change while the app runs). */
@Injectable()
export class ApiDocument {
  private document: OpenAPIObject | undefined;

  /** `sessionCookie`: the cookie the document's security scheme names (server/auth's, given by configureApp). */
  build(app: INestApplication, sessionCookie: string): void {
    this.document = createApiDocument(app, sessionCookie);
  }

  get(): OpenAPIObject {
    if (!this.document) throw new Error('The API document is built by configureApp before the app serves');
    return this.document;
  }
}
