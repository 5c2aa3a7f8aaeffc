import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Prints a fault case's numbers and keeps them in .reports/faults-measured.jsonl for the record. */
export function measured(name: string, numbers: Record<string, unknown>): void {
  const line = JSON.stringify({ case: name, ...numbers });
  process.stdout.write(`measured: ${line}\n`);
  const dir = join(process.cwd(), '.reports');
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, 'faults-measured.jsonl'), `${line}\n`);
}
