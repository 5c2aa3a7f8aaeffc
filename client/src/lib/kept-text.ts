/**
 * Text typed in a form and not saved yet, kept in this browser (localStorage) so that a tab
 * closed or a browser that crashed mid-sentence loses nothing: the translator's view (issue #41)
 * keeps each translation's form here and offers it back when it is opened again. The items' own
 * forms keep theirs on the server instead (their working copy, WorkingCopy.tsx).
 */
export interface KeptText {
  values: Record<string, string>;
  /** When it was typed (ISO 8601). */
  at: string;
}

const PREFIX = 'kept-text:';

export function readKept(key: string): KeptText | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (raw === null) return null;
    const kept = JSON.parse(raw) as Partial<KeptText>;
    if (typeof kept.at !== 'string' || typeof kept.values !== 'object' || kept.values === null) return null;
    const values = Object.fromEntries(Object.entries(kept.values).filter(([, value]) => typeof value === 'string')) as Record<
      string,
      string
    >;
    return { values, at: kept.at };
  } catch {
    // Storage unavailable (private mode) or a value not ours: nothing kept.
    return null;
  }
}

export function keepText(key: string, values: Record<string, string>, now = new Date()): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ values, at: now.toISOString() } satisfies KeptText));
  } catch {
    // Storage unavailable or full: the text stays in the form, as before.
  }
}

export function dropKept(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
