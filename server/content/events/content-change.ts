import type { ContentKind } from '../content-kinds';

export const CONTENT_CHANGES = ['created', 'updated', 'published', 'unpublished', 'deleted', 'restored', 'settings'] as const;
export type ChangeType = (typeof CONTENT_CHANGES)[number];

/**
 * One change to what the public site may show, raised by the transaction that made it and heard
 * only once that has committed. The paths are the public pages the item appeared on before and
 * appears on after, as the content-kind registry says (publicPaths in ../content-kinds.ts: an
 * article's own page, the lists and the feed while a visitor may see it; none for a draft or a
 * contact message; every page for the settings).
 */
export interface ContentChange {
  kind: ContentKind;
  /** The item's id; null for the settings, which are one row. */
  id: string | null;
  oldPaths: string[];
  newPaths: string[];
  change: ChangeType;
}

/**
 * What an edit of an item did for visitors: it came into view (published), left it
 * (unpublished), or changed while it stayed as it was (updated, also for a draft edited).
 */
export function editChange(oldPaths: readonly string[], newPaths: readonly string[]): ChangeType {
  if (oldPaths.length === 0 && newPaths.length > 0) return 'published';
  if (oldPaths.length > 0 && newPaths.length === 0) return 'unpublished';
  return 'updated';
}

/**
 * Whether a visitor's page may differ after it: the settings show on every page, and an item
 * matters while it has a public address before or after. A draft's edit, a contact message
 * deleted: no page changes, and the page cache keeps its pages.
 */
export function affectsPublicPages(change: ContentChange): boolean {
  return change.change === 'settings' || change.oldPaths.length > 0 || change.newPaths.length > 0;
}

/**
 * PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; the changes are split into payloads
 * below `limit` bytes (UTF-8), each `{ "from": <sender>, "changes": [...] }`. A change too large
 * alone (no real item's paths are) is sent without its paths, which a listener treats as any
 * other change of its kind.
 */
export function notifyPayloads(from: string, changes: readonly ContentChange[], limit = 7900): string[] {
  // Counted as it grows rather than encoded again for each change: the envelope, then each change and its comma.
  const envelope = Buffer.byteLength(JSON.stringify({ from, changes: [] }));
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = envelope;
  for (const change of changes) {
    let item = JSON.stringify(change);
    if (envelope + Buffer.byteLength(item) >= limit) item = JSON.stringify({ ...change, oldPaths: [], newPaths: [] });
    const size = Buffer.byteLength(item) + (batch.length > 0 ? 1 : 0);
    if (batch.length > 0 && bytes + size >= limit) {
      payloads.push(`{"from":${JSON.stringify(from)},"changes":[${batch.join(',')}]}`);
      batch = [];
      bytes = envelope;
    }
    bytes += Buffer.byteLength(item) + (batch.length > 0 ? 1 : 0);
    batch.push(item);
  }
  if (batch.length > 0) payloads.push(`{"from":${JSON.stringify(from)},"changes":[${batch.join(',')}]}`);
  return payloads;
}

/** A payload another replica sent (notifyPayloads), or null for one that is not (another version's, or garbage). */
export function parsePayload(payload: string): { from: string; changes: ContentChange[] } | null {
  try {
    const parsed = JSON.parse(payload) as { from?: unknown; changes?: unknown };
    if (typeof parsed.from !== 'string' || !Array.isArray(parsed.changes)) return null;
    const changes = parsed.changes.filter(
      (change: Partial<ContentChange>): change is ContentChange =>
        typeof change?.kind === 'string' &&
        (CONTENT_CHANGES as readonly string[]).includes(change.change as string) &&
        Array.isArray(change.oldPaths) &&
        Array.isArray(change.newPaths),
    );
    return { from: parsed.from, changes };
  } catch {
    return null;
  }
}
