import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serialiseExtendedQueries } from '../../server/database/pglite-protocol-lock';

/**
 * server/database/pglite-protocol-lock.ts patches pglite-socket, pinned in package.json, because
 * its queue lets two connections' extended-query messages interleave
 * (https://github.com/electric-sql/pglite/issues/1046). These tests speak the wire protocol to the
 * real PGLiteSocketServer, step by step, so the interleaving is not left to timing. The first shows
 * the bug still happens without the patch: once a pglite-socket release fixes it, that test fails
 * (connection B is then held until A's Sync, and the test times out waiting for B's answer), and
 * the patch (and this file) can go.
 */

/** One backend message: its type byte as a letter and its body. */
interface Message {
  type: string;
  body: Buffer;
}

/** A frontend connection speaking the protocol by hand: send bytes, read whole messages. */
class Wire {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | undefined;

  constructor(private readonly socket: Socket) {
    socket.on('data', (data: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, data]);
      this.waiting?.();
    });
  }

  send(...messages: Buffer[]): void {
    this.socket.write(Buffer.concat(messages));
  }

  /** The next backend message. */
  async next(): Promise<Message> {
    while (this.buffer.length < 5 || this.buffer.length < 1 + this.buffer.readInt32BE(1)) {
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    const length = 1 + this.buffer.readInt32BE(1);
    const message = { type: String.fromCharCode(this.buffer[0]), body: this.buffer.subarray(5, length) };
    this.buffer = this.buffer.subarray(length);
    return message;
  }

  /** Messages up to and including the first of type `type`. */
  async until(type: string): Promise<Message[]> {
    const messages: Message[] = [];
    for (;;) {
      const message = await this.next();
      messages.push(message);
      if (message.type === type) return messages;
    }
  }
}

const cstring = (text: string) => Buffer.from(`${text}\0`);
function message(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
const int16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}

/** Parse of the unnamed statement, with no parameter types given. */
const parse = (sql: string) => message('P', cstring(''), cstring(sql), int16(0));
/** Bind of the unnamed statement to the unnamed portal, with text parameters. */
const bind = (...values: string[]) =>
  message(
    'B',
    cstring(''),
    cstring(''),
    int16(0),
    int16(values.length),
    ...values.flatMap((v) => [int32(Buffer.byteLength(v)), Buffer.from(v)]),
    int16(0),
  );
const execute = message('E', cstring(''), int32(0));
const flush = message('H');
const sync = message('S');

/** A DataRow's first column as text. */
const firstColumn = (row: Message) => row.body.subarray(6, 6 + row.body.readInt32BE(2)).toString();
/** What a reply up to ReadyForQuery says: its rows' first column, or the error's message. */
function answer(messages: Message[]): string {
  const error = messages.find((m) => m.type === 'E');
  if (error) {
    const fields = error.body.toString().split('\0');
    return `error: ${fields.find((f) => f.startsWith('M'))?.slice(1)}`;
  }
  return messages
    .filter((m) => m.type === 'D')
    .map(firstColumn)
    .join(',');
}

describe('the pglite-socket patch (extended queries of two connections)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** An in-memory PGlite behind pglite-socket's own server, `patch`ed or not, and two connections to it. */
  async function twoConnections(patch: boolean): Promise<[Wire, Wire]> {
    const { PGlite } = await import('@electric-sql/pglite');
    const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
    const db = await PGlite.create();
    const socketDir = mkdtempSync(join(tmpdir(), 'pgl-check-'));
    const path = join(socketDir, '.s.PGSQL.5432');
    const server = new PGLiteSocketServer({ db, path, maxConnections: 4 });
    if (patch) serialiseExtendedQueries(server);
    await server.start();
    cleanups.push(async () => {
      await server.stop();
      await db.close();
      rmSync(socketDir, { recursive: true, force: true });
    });
    const wires: Wire[] = [];
    for (let i = 0; i < 2; i++) {
      const socket = connect(path);
      cleanups.push(() => void socket.destroy());
      const wire = new Wire(socket);
      // StartupMessage: length, protocol 3.0, then user and database; answered up to ReadyForQuery.
      const params = Buffer.concat([cstring('user'), cstring('postgres'), cstring('database'), cstring('postgres'), cstring('')]);
      socket.write(Buffer.concat([int32(8 + params.length), int32(196608), params]));
      await wire.until('Z');
      wires.push(wire);
    }
    return [wires[0], wires[1]];
  }

  it('without the patch, the pinned pglite-socket still runs one connection’s Bind on the other’s statement', async () => {
    const [a, b] = await twoConnections(false);
    // A parses its statement and flushes: its ParseComplete says the server has run the Parse.
    a.send(parse('SELECT $1::int AS one'), flush);
    expect((await a.until('1')).at(-1)?.type).toBe('1');
    // B runs a whole query meanwhile, of another shape; it overwrites the unnamed statement.
    b.send(parse('SELECT $1::int + $2::int AS two'), bind('1', '2'), execute, sync);
    expect(answer(await b.until('Z'))).toBe('3');
    // A binds and runs what it parsed, and gets B's statement: the bug.
    a.send(bind('7'), execute, sync);
    expect(answer(await a.until('Z'))).toBe('error: bind message supplies 1 parameters, but prepared statement "" requires 2');
  }, 60_000);

  it('with the patch, B waits until A’s Sync, and each gets its own answer', async () => {
    const [a, b] = await twoConnections(true);
    a.send(parse('SELECT $1::int AS one'), flush);
    expect((await a.until('1')).at(-1)?.type).toBe('1');
    b.send(parse('SELECT $1::int + $2::int AS two'), bind('1', '2'), execute, sync);
    a.send(bind('7'), execute, sync);
    const [ofA, ofB] = await Promise.all([a.until('Z'), b.until('Z')]);
    expect(answer(ofA)).toBe('7');
    expect(answer(ofB)).toBe('3');
  }, 60_000);
});
