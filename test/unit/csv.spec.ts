// The CSV writer of the contact messages' export (server/contact-us/csv.ts).
import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvRow, streamCsv } from '../../server/contact-us/csv';

describe('csvCell', () => {
  it('quotes every cell, plain ones too', () => {
    expect(csvCell('Ada')).toBe('"Ada"');
    expect(csvCell('')).toBe('""');
  });

  it('doubles quotes and keeps commas, semicolons and line breaks inside the one cell', () => {
    expect(csvCell('say "hi", then; go\nhome')).toBe('"say ""hi"", then; go\nhome"');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])('turns %j, which a spreadsheet would run, into text', (value) => {
    expect(csvCell(value)).toBe(`"'${value}"`);
  });

  it('leaves a formula character that does not start the cell alone', () => {
    expect(csvCell('Eve;=1+1')).toBe('"Eve;=1+1"');
    expect(csvCell('a-b')).toBe('"a-b"');
  });
});

describe('csvRow', () => {
  it('joins the cells with commas and ends the record with CRLF', () => {
    expect(csvRow(['a', '=b'])).toBe('"a","\'=b"\r\n');
  });
});

/** An Express response stand-in: collects what is written; `full` makes write() ask the writer to wait for 'drain'. */
class FakeResponse extends EventEmitter {
  body = '';
  statusCode = 0;
  headers: Record<string, string> = {};
  headersSent = false;
  destroyed = false;
  ended = false;
  full = false;
  status(code: number) {
    this.statusCode = code;
    return this;
  }
  setHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  write(chunk: string) {
    this.headersSent = true;
    this.body += chunk;
    return !this.full;
  }
  end() {
    this.ended = true;
  }
  destroy() {
    this.destroyed = true;
  }
}

async function* batchesOf<T>(batches: T[][], after?: () => void): AsyncGenerator<T[]> {
  try {
    for (const batch of batches) yield batch;
  } finally {
    after?.();
  }
}

const send = (res: FakeResponse, batches: AsyncIterator<{ name: string }[]>) =>
  streamCsv(res as unknown as Response, { filename: 'messages.csv', header: ['Name'], toCells: (row) => [row.name], batches });

describe('streamCsv', () => {
  it('sends a byte-order mark, the header and each batch, then ends', async () => {
    const res = new FakeResponse();
    let closed = false;
    await send(
      res,
      batchesOf([[{ name: 'Ada' }, { name: 'Bob' }], [{ name: '=cmd' }]], () => (closed = true)),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers).toEqual({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="messages.csv"',
    });
    expect(res.body).toBe(`${CSV_BOM}"Name"\r\n"Ada"\r\n"Bob"\r\n"'=cmd"\r\n`);
    expect(res.ended).toBe(true);
    expect(closed).toBe(true);
  });

  it('lets a failure before the first batch through as an ordinary error, with nothing sent', async () => {
    const res = new FakeResponse();
    const failing: AsyncIterator<{ name: string }[]> = { next: () => Promise.reject(new Error('database down')) };
    await expect(send(res, failing)).rejects.toThrow('database down');
    expect(res.headersSent).toBe(false);
    expect(res.destroyed).toBe(false);
  });

  it('cuts the connection on a failure after the header, so no file looks complete', async () => {
    const res = new FakeResponse();
    let calls = 0;
    const failing: AsyncIterator<{ name: string }[]> = {
      next: () => (++calls === 1 ? Promise.resolve({ done: false, value: [{ name: 'Ada' }] }) : Promise.reject(new Error('lost'))),
    };
    await expect(send(res, failing)).rejects.toThrow('lost');
    expect(res.destroyed).toBe(true);
    expect(res.ended).toBe(false);
  });

  it('waits for the socket to drain before reading the next batch', async () => {
    const res = new FakeResponse();
    res.full = true;
    let read = 0;
    const batches: AsyncIterator<{ name: string }[]> = {
      next: () => Promise.resolve(++read <= 2 ? { done: false, value: [{ name: `row ${read}` }] } : { done: true, value: undefined }),
    };
    const sending = send(res, batches);
    await new Promise((resolve) => setImmediate(resolve));
    // The header is written and the buffer is full: only the first batch has been read.
    expect(read).toBe(1);
    res.full = false;
    res.emit('drain');
    await sending;
    expect(read).toBe(3);
    expect(res.ended).toBe(true);
  });

  it('stops reading once the client has gone', async () => {
    const res = new FakeResponse();
    let read = 0;
    const batches: AsyncIterator<{ name: string }[]> = {
      next: () => {
        read += 1;
        if (read === 2) res.destroyed = true;
        return Promise.resolve({ done: false, value: [{ name: 'row' }] });
      },
    };
    await send(res, batches);
    expect(read).toBe(2);
    expect(res.ended).toBe(false);
  });
});
