import type { RequestHandler } from 'express';
import { ApiError } from '../common/api-error';
import { invalidPage } from '../common/pagination';

/** JSON bodies nested deeper than this are refused before anything walks them recursively. */
export const MAX_JSON_DEPTH = 32;

/**
 * The depth of a parsed JSON value (a scalar is 0, `{}` and `[]` are 1), measured without
 * recursion, so a hostile body cannot overflow the stack here; stops counting past `limit`.
 */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.value === null || typeof item.value !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    for (const child of Object.values(item.value)) stack.push({ value: child, depth });
  }
  return deepest;
}

/**
 * After express.json: a body nested deeper than MAX_JSON_DEPTH levels is a 400. Validation
 * (class-transformer, class-validator) walks bodies recursively, and a couple of kilobytes of
 * brackets would otherwise overflow the stack there: a 500.
 */
export const jsonDepthLimit: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  if (body !== null && typeof body === 'object' && jsonDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw ApiError.field('body', `The request body must not be nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  next();
};

/** The error for a query parameter that is not one plain value, as its own check words it. */
function notOneValue(name: string): ApiError {
  if (name === 'page') return invalidPage();
  return ApiError.field(name, `${name.charAt(0).toUpperCase()}${name.slice(1)} must be text`);
}

/**
 * Every query parameter of the API takes one plain value: given twice (`?page=1&page=2`) or as an
 * array or object (`?name[]=a`, `?title[x]=y`), it is a 400 keyed by the parameter's name.
 */
export const singleQueryValues: RequestHandler = (req, _res, next) => {
  const query = req.query as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) {
    const bracket = key.indexOf('[');
    const name = bracket > 0 ? key.slice(0, bracket) : key;
    // Express 5 hands a throw to the error handlers: the exception filter writes it.
    if (bracket > 0 || typeof value !== 'string') throw notOneValue(name);
  }
  next();
};
