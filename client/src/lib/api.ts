import type { components, paths } from './api-types';

/*
 * The API's shapes come from its OpenAPI document, through the types `npm run api:types`
 * generates in api-types.ts: a reply's type follows from the path it was requested on, so a field
 * renamed on the server breaks the client's type check.
 */

/** A schema of the API document by name, e.g. `ApiSchema<'Service'>`. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** `{ field: { msg } }`, as the server sends validation errors. */
export type FieldErrors = ApiSchema<'FieldErrors'>['error'];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The API's path templates that answer `method`, e.g. `'/api/services/{id}'` for 'get'. */
export type ApiRoute<M extends Method> = { [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never }[keyof paths];

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body of the route's success reply (its 200 or 201). */
export type ApiReply<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer R } ? JsonOf<R[Extract<keyof R, 200 | 201>]> : never;

/** The JSON body the route takes. */
export type ApiBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

/** The route's query parameters. */
export type ApiQuery<P extends keyof paths, M extends Method> = Operation<P, M> extends { parameters: { query?: infer Q } } ? Q : never;

type ParamNames<T> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** A concrete API path, which remembers the template it was made from: that template types the call. */
export type ApiPath<P extends keyof paths> = string & { readonly template: P };

/** `apiPath('/api/services/{id}', { id })` → `/api/services/<id>`; only the document's paths, with their parameters. */
export function apiPath<P extends keyof paths>(
  template: P,
  ...[params]: ParamNames<P> extends never ? [] : [Record<ParamNames<P>, string>]
): ApiPath<P> {
  const values = (params ?? {}) as Record<string, string>;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name])) as ApiPath<P>;
}

/** A failed request: the status and the body's `error`, a text or per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string | FieldErrors | undefined,
    /** The whole reply body: a 409 on a stale version carries the current copy and who saved it. */
    readonly body?: unknown,
  ) {
    super(typeof error === 'string' ? error : `Request failed with status ${status}`);
    this.name = 'ApiError';
  }

  /** Per-field messages, or an empty object when the error is a plain text. */
  get fieldErrors(): FieldErrors {
    return typeof this.error === 'object' && this.error !== null ? this.error : {};
  }
}

/** The API's host: the page's own unless VITE_API_URL names another at build time. */
export const API_URL: string = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');

/** A message for people: the server's text, the first field message, or the fallback. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) {
    if (typeof error.error === 'string') return error.error;
    const first = Object.values(error.fieldErrors)[0];
    if (first?.msg) return first.msg;
  }
  return fallback;
}

type Query = Record<string, string | number | undefined | null>;

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_URL}${path}${search ? `?${search}` : ''}`;
}

const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';

/**
 * What fetch and the upload both do with an answer: parse the JSON body (none, or not JSON, reads
 * as undefined), and turn a status outside 2xx into an ApiError carrying the body's `error`.
 */
function settle<T>(status: number, text: string): T {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (status < 200 || status > 299) throw new ApiError(status, (body as { error?: string | FieldErrors } | undefined)?.error, body);
  return body as T;
}

/** What a save may add: the version it was made from, and (for the request a closing tab sends) keepalive. */
export interface SaveOptions {
  /** Sent as `If-Match: "<version>"`: the server answers 409 when the item changed since. */
  ifMatch?: number;
  /** The request outlives the page (a tab being closed): fetch's keepalive, since sendBeacon cannot PUT. */
  keepalive?: boolean;
}

async function request<T>(
  method: string,
  path: string,
  options: { query?: Query; body?: unknown; signal?: AbortSignal } & SaveOptions = {},
): Promise<T> {
  const isForm = options.body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (options.ifMatch !== undefined) headers['If-Match'] = `"${options.ifMatch}"`;
  let response: Response;
  try {
    response = await fetch(url(path, options.query), {
      method,
      credentials: 'include',
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new ApiError(0, UNREACHABLE);
  }
  return settle<T>(response.status, await response.text());
}

/**
 * The one HTTP client: JSON in and out, cookies sent, failures thrown as ApiError. No UI effects.
 * Paths come from `apiPaths` (client/src/app/paths.ts); each call's query, body and reply are the
 * document's for that path.
 */
export const api = {
  get: <P extends ApiRoute<'get'>>(path: ApiPath<P>, query?: ApiQuery<P, 'get'>, signal?: AbortSignal) =>
    request<ApiReply<P, 'get'>>('GET', path, { query: query as Query | undefined, signal }),
  post: <P extends ApiRoute<'post'>>(path: ApiPath<P>, body?: ApiBody<P, 'post'>, options?: SaveOptions) =>
    request<ApiReply<P, 'post'>>('POST', path, { body, ...options }),
  put: <P extends ApiRoute<'put'>>(path: ApiPath<P>, body: ApiBody<P, 'put'>, options?: SaveOptions) =>
    request<ApiReply<P, 'put'>>('PUT', path, { body, ...options }),
  patch: <P extends ApiRoute<'patch'>>(path: ApiPath<P>, body: ApiBody<P, 'patch'>, options?: SaveOptions) =>
    request<ApiReply<P, 'patch'>>('PATCH', path, { body, ...options }),
  /** A body only where the route takes one (turning off authenticator codes takes the password). */
  delete: <P extends ApiRoute<'delete'>>(path: ApiPath<P>, body?: ApiBody<P, 'delete'>) =>
    request<ApiReply<P, 'delete'>>('DELETE', path, { body }),
  /** The URL of an API path, for links and downloads (the CSV export). */
  url: <P extends ApiRoute<'get'>>(path: ApiPath<P>, query?: ApiQuery<P, 'get'>) => url(path, query as Query | undefined),
};

/** Upload with progress (fetch cannot report upload progress; XMLHttpRequest can). */
export function uploadFile<P extends ApiRoute<'post'>>(
  path: ApiPath<P>,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<ApiReply<P, 'post'>> {
  type T = ApiReply<P, 'post'>;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, UNREACHABLE));
    xhr.onload = () => {
      try {
        resolve(settle<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(form);
  });
}

/** The links of every paged list. */
export type PageLinks = ApiSchema<'PageLinks'>;

/** What every paged list returns: a page of `T` with its links and meta. */
export type Paged<T> = Omit<ApiSchema<'ServiceListItemPage'>, 'data'> & { data: T[] };

/** Anything with an id: items carry `id`, some older payloads `_id`. */
export interface Identified {
  id?: string;
  _id?: string;
}

/** The one reading of an item's id: the contract has the client accept `_id` wherever it reads one. */
export function itemId(item: Identified): string {
  return (item._id ?? item.id) as string;
}
