import { RequestMethod, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import { IS_PUBLIC } from '../common/public.decorator';

type Schema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** Express-style `/news/:id` to OpenAPI's `/news/{id}`, with the names of its parameters. */
function openApiPath(parts: string[]): { path: string; params: string[] } {
  const joined = `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;
  const params: string[] = [];
  const path = joined.replace(/:(\w+)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

/**
 * A DTO's JSON Schema from its class-validator decorators: the validation that runs is what the
 * document says. Properties with @IsOptional (also what PartialType adds) are not required.
 */
export function dtoSchema(dto: Type): Schema {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const properties: Record<string, Schema> = {};
  const optional = new Set<string>();
  for (const meta of metadata) {
    const property = (properties[meta.propertyName] ??= {});
    const first = (meta.constraints as unknown[] | undefined)?.[0];
    if (meta.type === 'conditionalValidation') optional.add(meta.propertyName);
    switch (meta.name) {
      case 'isString':
        property.type = 'string';
        break;
      case 'isEmail':
        property.type = 'string';
        property.format = 'email';
        break;
      case 'maxLength':
        property.maxLength = first;
        break;
      case 'minLength':
        property.minLength = first;
        break;
      case 'isNotEmpty':
        property.minLength = Math.max(1, (property.minLength as number | undefined) ?? 1);
        break;
      case 'isUuid':
        property.type = 'string';
        property.format = 'uuid';
        break;
      case 'isInt':
        property.type = 'integer';
        break;
    }
  }
  const required = Object.keys(properties).filter((name) => !optional.has(name));
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: true };
}

const SCALAR: Map<unknown, Schema> = new Map<unknown, Schema>([
  [String, { type: 'string' }],
  [Number, { type: 'number' }],
  [Boolean, { type: 'boolean' }],
]);

/**
 * The OpenAPI 3.1 document of every controller route Nest knows, generated from the route
 * metadata (paths, methods, status codes, @Public, @Param/@Query/@Body/@UploadedFile) and the
 * DTOs' class-validator metadata. Replies are described by status and the common error shape
 * only: the services return entities, which carry no schema metadata.
 */
export function buildOpenApiDocument(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  reflector: Reflector,
  options: { globalPrefix: string; title: string; version: string; sessionCookie: string },
): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  const schemas: Record<string, Schema> = {
    Error: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          oneOf: [
            { type: 'string' },
            { type: 'object', additionalProperties: { type: 'object', required: ['msg'], properties: { msg: { type: 'string' } } } },
          ],
        },
      },
    },
  };

  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as Type | undefined;
    if (!controller || !wrapper.instance) continue;
    const prototype = Object.getPrototypeOf(wrapper.instance) as object;
    const controllerPaths = ([] as string[]).concat((Reflect.getMetadata(PATH_METADATA, controller) as string | string[]) ?? '');
    const tag = controllerPaths[0] || controller.name;

    for (const methodName of scanner.getAllMethodNames(prototype)) {
      const handler = (prototype as Record<string, unknown>)[methodName] as (...args: unknown[]) => unknown;
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      const routePath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (requestMethod === undefined || routePath === undefined) continue;
      const method = RequestMethod[requestMethod].toLowerCase();
      const isPublic = reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, controller]) === true;
      const status = (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'post' ? 201 : 200);
      const paramTypes = (Reflect.getMetadata('design:paramtypes', prototype, methodName) as unknown[] | undefined) ?? [];
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {}) as Record<
        string,
        { index: number; data?: unknown }
      >;

      for (const base of controllerPaths) {
        for (const sub of ([] as string[]).concat(routePath)) {
          const { path, params } = openApiPath([options.globalPrefix, base, sub]);
          const parameters: Schema[] = params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
          let requestBody: Schema | undefined;
          for (const [key, arg] of Object.entries(args)) {
            const kind = Number(key.split(':')[0]) as RouteParamtypes;
            const type = paramTypes[arg.index];
            if (kind === RouteParamtypes.QUERY && typeof arg.data === 'string') {
              parameters.push({ name: arg.data, in: 'query', required: false, schema: SCALAR.get(type) ?? { type: 'string' } });
            } else if (kind === RouteParamtypes.BODY && typeof type === 'function' && !SCALAR.has(type) && type !== Object) {
              const dto = type as Type;
              schemas[dto.name] ??= dtoSchema(dto);
              requestBody = { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${dto.name}` } } } };
            } else if (kind === RouteParamtypes.FILE) {
              requestBody = {
                required: true,
                content: {
                  'multipart/form-data': {
                    schema: { type: 'object', additionalProperties: { type: 'string', contentMediaType: 'application/octet-stream' } },
                  },
                },
              };
            }
          }
          const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
          (paths[path] ??= {})[method] = {
            tags: [tag],
            operationId: `${controller.name.replace(/Controller$/, '')}_${methodName}`,
            ...(isPublic ? { security: [] } : {}),
            ...(parameters.length ? { parameters } : {}),
            ...(requestBody ? { requestBody } : {}),
            responses: {
              [status]: { description: 'Success', content: { 'application/json': { schema: {} } } },
              '4XX': { description: 'The request was refused: `{ "error": … }`', ...error },
              ...(isPublic ? {} : { '401': { description: 'Not logged in', ...error } }),
            },
          };
        }
      }
    }
  }

  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version },
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: options.sessionCookie,
          description: 'The session cookie from POST /api/admins/login',
        },
      },
    },
    security: [{ session: [] }],
  };
}
