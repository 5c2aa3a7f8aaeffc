/** `{ field: { msg } }`, as the server sends validation errors. */
export type FieldErrors = Record<string, { msg: string }>;

/** A failed request: the status and the body's `error`, a text or per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string | FieldErrors | undefined,
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
  if (status < 200 || status > 299) throw new ApiError(status, (body as { error?: string | FieldErrors } | undefined)?.error);
  return body as T;
}

async function request<T>(method: string, path: string, options: { query?: Query; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const isForm = options.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(url(path, options.query), {
      method,
      credentials: 'include',
      headers:
        options.body === undefined || isForm
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new ApiError(0, UNREACHABLE);
  }
  return settle<T>(response.status, await response.text());
}

/** The one HTTP client: JSON in and out, cookies sent, failures thrown as ApiError. No UI effects. */
export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** The URL of an API path, for links and downloads (the CSV export). */
  url,
};

/** Upload with progress (fetch cannot report upload progress; XMLHttpRequest can). */
export function uploadFile<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
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

/** What every paged list returns. */
export interface PageLinks {
  previousPage: number | null;
  nextPage: number | null;
  loopLink: { number: number; active?: boolean }[];
}

export interface Paged<T> {
  data: T[];
  links: PageLinks;
  meta: { page: number; pageSize: number };
}

/** Anything with an id: items carry `id`, some older payloads `_id`. */
export interface Identified {
  id?: string;
  _id?: string;
}

/** The one reading of an item's id: the contract has the client accept `_id` wherever it reads one. */
export function itemId(item: Identified): string {
  return (item._id ?? item.id) as string;
}
