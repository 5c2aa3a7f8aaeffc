import { Injectable, type INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ErrorReply, FieldErrorsReply } from '../common/api-docs';
import { OPEN_OPERATION } from '../common/public.decorator';

type PathItemObject = OpenAPIObject['paths'][string];
type OperationObject = NonNullable<PathItemObject['get']>;
type ResponseObject = NonNullable<OperationObject['responses'][string]>;

const SECURITY = 'session';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ERROR = json({ $ref: getSchemaPath(ErrorReply) });

/**
 * What every operation may answer besides what its decorators say: any refusal in one of the
 * contract's two error shapes, 500/503 with a text, and, unless it is @Public(), 401 without a
 * session. Written once, in components.responses, and referred to by every operation.
 */
const RESPONSES: Record<string, ResponseObject> = {
  Refused: {
    description: 'Refused: `{ "error": "text" }`, or `{ "error": { "<field>": { "msg": "…" } } }` for the fields at fault',
    ...json({ oneOf: [{ $ref: getSchemaPath(ErrorReply) }, { $ref: getSchemaPath(FieldErrorsReply) }] }),
  },
  Failed: { description: 'Something went wrong (500), or the database or photo storage is unavailable (503, with Retry-After)', ...ERROR },
  NotLoggedIn: { description: 'Not logged in', ...ERROR },
};
const response = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });
const COMMON_RESPONSES = { '4XX': response('Refused'), '5XX': response('Failed') };

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
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation: (OperationObject & { [OPEN_OPERATION]?: boolean }) | undefined = item[method];
      if (operation) completeOperation(operation);
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

function completeOperation(operation: OperationObject & { [OPEN_OPERATION]?: boolean }): void {
  for (const parameter of operation.parameters ?? []) {
    if ('in' in parameter && parameter.in === 'path' && parameter.name === 'id') Object.assign(parameter, ID_PARAMETER);
  }
  const open = operation[OPEN_OPERATION] === true;
  delete operation[OPEN_OPERATION];
  // An empty requirement list overrides the document's: no session needed.
  if (open) operation.security = [];
  operation.responses = {
    ...operation.responses,
    ...(open || operation.responses[401] ? {} : { 401: response('NotLoggedIn') }),
    ...COMMON_RESPONSES,
  };
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
