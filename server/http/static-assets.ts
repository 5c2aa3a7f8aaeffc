import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/** Where the build writes the compressed copies, mirroring its tree (client/vite.config.mts). */
const COMPRESSED_DIR = '.compressed';
/** The encodings the build writes for each file, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'] | 'identity';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** One representation of a file: its bytes and the headers that describe them. */
interface Variant {
  body: Buffer;
  etag: string;
}

/** A built file, read once, with whichever precompressed variants the build wrote. */
export interface StaticFile {
  type: string;
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
}

/** Reads a built file (a path inside `root`) and its compressed copies; undefined if the file is not there. */
export function readStaticFile(root: string, path: string): StaticFile | undefined {
  let identity: Buffer;
  try {
    identity = readFileSync(join(root, path));
  } catch {
    return undefined;
  }
  const file = uncompressed(TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream', identity);
  const tag = file.variants.identity.etag.slice(1, -1);
  for (const { name, suffix } of ENCODINGS) {
    try {
      file.variants[name] = { body: readFileSync(join(root, COMPRESSED_DIR, path + suffix)), etag: `"${tag}-${name}"` };
    } catch {
      // This file was not worth compressing (or the build did not compress it): identity only.
    }
  }
  return file;
}

/** A file of these bytes without compressed variants; its ETag is a hash of the bytes. */
function uncompressed(type: string, identity: Buffer): StaticFile {
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { type, variants: { identity: { body: identity, etag: `"${tag}"` } } };
}

/** Below this many bytes compression saves less than it costs. */
const COMPRESS_FROM_BYTES = 512;

/**
 * A file made in memory (a rendered page), with the brotli and gzip variants the build would
 * write, so sendStaticFile serves it like a built file. Compressed at a fast level: this runs on
 * the request path, once per cached page.
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
  for (const { name } of ENCODINGS) {
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
  for (const { name } of ENCODINGS) {
    if (!file.variants[name]) continue;
    const q = quality(acceptEncoding, name);
    if (q > 0 && q > bestQ) [best, bestQ] = [name, q];
    else if (q > 0 && q === bestQ && best === 'identity') best = name;
  }
  return best;
}

/**
 * Sends a built file, in the encoding the client prefers, with its own Content-Length and ETag.
 * `status` other than 200 (the maintenance page's 503) never answers 304.
 */
export function sendStaticFile(
  req: Request,
  res: Response,
  file: StaticFile,
  options: { cacheControl: string; status?: number; headers?: Record<string, string> },
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

/**
 * The files of one built folder, each read on first request and then served from memory (built
 * files do not change while the server runs; a new build means a new deployment). The folder is
 * listed once, so an unknown name costs no file system call and cannot fill the memory.
 */
export class StaticFolder {
  private readonly files = new Map<string, StaticFile>();
  private names: Set<string> | undefined;

  /** `folder` is a path inside the build's `root` ('' for the root itself). */
  constructor(
    private readonly root: string,
    private readonly folder: string,
  ) {}

  get(name: string): StaticFile | undefined {
    const known = this.files.get(name);
    if (known) return known;
    if (!this.list().has(name)) return undefined;
    const file = readStaticFile(this.root, join(this.folder, name));
    if (file) this.files.set(name, file);
    return file;
  }

  /** The folder's plain files (no hidden ones); empty, and asked again next time, while it is not built. */
  private list(): Set<string> {
    if (this.names) return this.names;
    try {
      const entries = readdirSync(join(this.root, this.folder), { withFileTypes: true });
      this.names = new Set(entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.')).map((entry) => entry.name));
      return this.names;
    } catch {
      return new Set();
    }
  }
}
