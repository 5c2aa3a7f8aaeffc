import { applyDecorators, HttpStatus, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiQuery, ApiResponse, ApiSchema } from '@nestjs/swagger';
import { MAX_PAGE } from './pagination';

/*
 * The pieces every route's documentation is made of (see server/openapi/api-document.ts for what
 * each operation gets without asking: the 4XX and 5XX shapes, the session or @Public()).
 *
 * A route says what it answers with a response class:
 *   @ApiOkResponse({ type: ServiceDto })        200 with one item (a class with @ApiProperty fields)
 *   @ApiCreatedResponse({ type: IdReply })      201
 *   @ApiPage(ServiceDto)                        a paged list, with its `page` parameter and 400
 *   @ApiFieldErrors()                           400 `{ error: { field: { msg } } }` (or another status)
 *   @ApiErrorText(HttpStatus.NOT_FOUND, 'Service not found')  any status with `{ error: "text" }`
 */

/** `{ "error": "text" }`: a refusal or failure with one message. */
@ApiSchema({ name: 'Error', description: 'A refusal or failure with one message for people.' })
export class ErrorReply {
  @ApiProperty({ example: 'Not logged in' })
  error: string;
}

/** `{ "error": { "<field>": { "msg": "…" } } }`: one entry per failing field, its first message. */
@ApiSchema({ name: 'FieldErrors', description: 'One entry per failing field, with its first message.' })
export class FieldErrorsReply {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'object', required: ['msg'], properties: { msg: { type: 'string' } } },
    example: { title: { msg: 'Title is required' } },
  })
  error: Record<string, { msg: string }>;
}

/** What a delete answers, and the new id of a contact message. */
@ApiSchema({ name: 'IdReply' })
export class IdReply {
  @ApiProperty({ format: 'uuid' })
  id: string;
}

/** What a bulk action answers: the ids it changed (all it was given: it does all or none). */
@ApiSchema({ name: 'IdsReply' })
export class IdsReply {
  @ApiProperty({ type: [String], format: 'uuid' })
  ids: string[];
}

/** `{ "ok": true }`: done, nothing more to say. */
@ApiSchema({ name: 'OkReply' })
export class OkReply {
  @ApiProperty({ enum: [true] })
  ok: true;
}

@ApiSchema({ name: 'PageNumber' })
class PageNumber {
  @ApiProperty({ type: 'integer', minimum: 1 })
  number: number;

  /** Only on the current page's entry. */
  @ApiProperty({ enum: [true], required: false })
  active?: true;
}

@ApiSchema({ name: 'PageLinks' })
export class PageLinksDto {
  @ApiProperty({ type: 'integer', nullable: true })
  previousPage: number | null;

  @ApiProperty({ type: 'integer', nullable: true })
  nextPage: number | null;

  @ApiProperty({ type: [PageNumber], description: 'At most 7 page numbers around the current page.' })
  loopLink: PageNumber[];
}

@ApiSchema({ name: 'PageMeta' })
class PageMeta {
  @ApiProperty({ type: 'integer', minimum: 1 })
  page: number;

  @ApiProperty({ type: 'integer', minimum: 1 })
  pageSize: number;
}

const pages = new Map<Type, Type>();

/** The paged list of `item` (`ServiceDto` → the schema `ServicePage`): data, links and meta. */
export function PageOf<T>(item: Type<T>): Type<{ data: T[]; links: PageLinksDto; meta: PageMeta }> {
  let page = pages.get(item);
  if (!page) {
    class Page {
      @ApiProperty({ type: [item] })
      data: T[];

      @ApiProperty()
      links: PageLinksDto;

      @ApiProperty()
      meta: PageMeta;
    }
    // Swagger names a schema by its class: one class per item type, named after its schema.
    const name = `${item.name.replace(/Dto$/, '')}Page`;
    Object.defineProperty(Page, 'name', { value: name });
    ApiSchema({ name })(Page);
    page = Page;
    pages.set(item, page);
  }
  return page as Type<{ data: T[]; links: PageLinksDto; meta: PageMeta }>;
}

/** Field errors: 400 when the body, a query parameter or the page failed validation (or another status). */
export const ApiFieldErrors = (description = 'A field failed validation', status: HttpStatus = HttpStatus.BAD_REQUEST) =>
  ApiResponse({ status, description, type: FieldErrorsReply });

/** A status whose body is `{ error: "text" }` (404 for an unknown id, 429, 403 …). */
export const ApiErrorText = (status: HttpStatus, description: string) => ApiResponse({ status, description, type: ErrorReply });

/** A paged list of `item` (or `page`, a PageOf(item) with more): its 200, the `page` parameter and the 400 for a bad page. */
export const ApiPage = (item: Type, page: Type = PageOf(item)) =>
  applyDecorators(
    ApiOkResponse({ type: page }),
    ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 } }),
    ApiFieldErrors('The page is not a whole number from 1 to 100,000'),
  );

const schemaRules = new Map<string, Record<string, unknown>>();

/**
 * What a body's schema says beyond its properties, which @ApiProperty cannot say (one of two fields
 * required): kept under the class's name, which is its schema's name (no @ApiSchema on it), and
 * merged into that schema by server/openapi/api-document.ts.
 */
export const ApiSchemaRule =
  (rule: Record<string, unknown>): ClassDecorator =>
  (target) => {
    schemaRules.set(target.name, rule);
  };

/** Every ApiSchemaRule, by schema name. */
export function apiSchemaRules(): ReadonlyMap<string, Record<string, unknown>> {
  return schemaRules;
}

/** An optional text filter in the query (`?name=`, `?title=`); with `maxLength`, a longer one is a 400. */
export const ApiTextQuery = (name: string, description: string, maxLength?: number) =>
  ApiQuery({ name, required: false, description, schema: { type: 'string', ...(maxLength === undefined ? {} : { maxLength }) } });
