import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The encodings a page is kept in besides its own bytes, best first. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number] | 'identity';

/** One representation of a file: its bytes and the headers that describe them. */
interface Variant {
  body: Buffer;
  etag: string;
}

/**
 * A file held in memory (a rendered page, the maintenance page) in each encoding worth sending.
 * Built files on disk are express-static-gzip's (built-files.ts); these are made at run time.
 */
export interface StaticFile {
  type: string;
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
}

/** A file of these bytes without compressed variants; its ETag is a hash of the bytes. */
function uncompressed(type: string, identity: Buffer): StaticFile {
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { type, variants: { identity: { body: identity, etag: `"${tag}"` } } };
}

/** Below this many bytes compression saves less than it costs. */
const COMPRESS_FROM_BYTES = 512;

/**
 * A file made in memory (a rendered page), with its brotli and gzip variants when they are
 * smaller. Compressed at a fast level: this runs on the request path, once per cached page.
 */
export function memoryFile(type: string, body: string | Buffer): StaticFile {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  const file = uncompressed(type, identity);
  if (identity.length < COMPRESS_FROM_BYTES) return file;
  const tag = file.variants.identity.etag.slice(1, -1);
  const compressed = {
    br: brotliCompressSync(identity, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip: gzipSync(identity, { level: 6 }),
  };
  for (const name of ENCODINGS) {
    if (compressed[name].length < identity.length) file.variants[name] = { body: compressed[name], etag: `"${tag}-${name}"` };
  }
  return file;
}

/** The q-value the client's Accept-Encoding gives `coding` (RFC 9110 §12.5.3). */
function quality(header: string, coding: string): number {
  let wildcard: number | undefined;
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = q === undefined ? 1 : Number(q);
    if (token === coding) return value;
    if (token === '*') wildcard = value;
  }
  return wildcard ?? (coding === 'identity' ? 1 : 0);
}

/** The best variant the client accepts: the highest q, brotli before gzip before identity on a tie. */
export function negotiate(file: StaticFile, acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let best: Encoding = 'identity';
  let bestQ = quality(acceptEncoding, 'identity');
  for (const name of ENCODINGS) {
    if (!file.variants[name]) continue;
    const q = quality(acceptEncoding, name);
    if (q > 0 && q > bestQ) [best, bestQ] = [name, q];
    else if (q > 0 && q === bestQ && best === 'identity') best = name;
  }
  return best;
}

/** How a file held in memory is sent: its caching, its status (200 unless said), headers of its own. */
export interface SendOptions {
  cacheControl: string;
  status?: number;
  headers?: Record<string, string>;
}

/**
 * Sends a file held in memory, in the encoding the client prefers, with its own Content-Length and ETag.
 * `status` other than 200 (the maintenance page's 503) never answers 304.
 */
export function sendStaticFile(
  req: Pick<IncomingMessage, 'headers' | 'method'>,
  res: ServerResponse,
  file: StaticFile,
  options: SendOptions,
): void {
  const encoding = negotiate(file, req.headers['accept-encoding']);
  const variant = file.variants[encoding] ?? file.variants.identity;
  const status = options.status ?? 200;
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', options.cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', variant.etag);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  if (status === 200 && req.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === variant.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = status;
  res.setHeader('Content-Length', variant.body.length);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}
