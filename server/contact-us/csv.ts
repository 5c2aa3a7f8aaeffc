import type { Response } from 'express';

/** Excel and LibreOffice read UTF-8 only when the file starts with a byte-order mark. */
export const CSV_BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * before one) gets a leading single quote, so it shows as text.
 * https://owasp.org/www-community/attacks/CSV_Injection
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell, neutralised and always quoted (quotes doubled, the cell in quotes). Quoting every
 * cell, not only those with commas, keeps `Eve;=1+1` one text cell in a spreadsheet whose list
 * separator is `;` (most of Europe), where an unquoted `;` would start a new cell.
 */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A moment as `2026-11-26 14:05:09` on the clock of `timeZone` (an IANA name): a spreadsheet reads
 * that as a date and time, which it does not an ISO string with its `T` and `Z`. The column's
 * header names the zone.
 */
export function csvDateTime(moment: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** One record with its CRLF line end. */
export function csvRow(cells: string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Writes a chunk; when the socket's buffer is full, waits until it drains (or the client leaves). */
function write(res: Response, chunk: string): Promise<void> {
  if (res.write(chunk)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Streams a CSV download batch by batch, so memory holds one batch however large the result.
 * The first batch is read before the headers go out: a failure there is an ordinary error reply.
 * A failure later cuts the connection, so the client sees a failed download rather than a file
 * that looks complete but is not.
 */
export async function streamCsv<T>(
  res: Response,
  options: { filename: string; header: string[]; toCells: (row: T) => string[]; batches: AsyncIterator<T[]> },
): Promise<void> {
  const { batches } = options;
  try {
    let step = await batches.next();
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${options.filename}"`);
    await write(res, CSV_BOM + csvRow(options.header));
    while (!step.done && !res.destroyed) {
      await write(res, step.value.map((row) => csvRow(options.toCells(row))).join(''));
      if (res.destroyed) break;
      step = await batches.next();
    }
    if (!res.destroyed) res.end();
  } catch (error) {
    if (!res.headersSent) throw error;
    res.destroy(error as Error);
    throw error;
  } finally {
    await batches.return?.();
  }
}
