import { useState } from 'react';
import { formatDateTime } from '../lib/format';

/**
 * Draft, scheduled (with its time) or published: what a visitor sees of an item now (a page; the
 * news list says the same in place until its writing flow (#38) has landed).
 */
export function PublishState({ item }: { item: { status: 'draft' | 'published'; publishAt: string | null } }) {
  // The time the card was first shown: a scheduled item turns published on the list's next load.
  const [now] = useState(() => Date.now());
  if (item.status === 'draft') return <>Draft</>;
  if (item.publishAt && new Date(item.publishAt).getTime() > now)
    return (
      <>
        Scheduled for <time dateTime={item.publishAt}>{formatDateTime(item.publishAt)}</time>
      </>
    );
  return <>Published</>;
}
