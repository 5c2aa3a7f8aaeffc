import { useState } from 'react';
import { formatDateTime } from '../lib/format';
import { publicStateOf } from './PublishControl';

/** Draft, scheduled (with its time) or published: what a visitor sees of an item now (a list's card). */
export function PublishState({ item }: { item: { status: 'draft' | 'published'; publishAt: string | null } }) {
  // The time the card was first shown: a scheduled item turns published on the list's next load.
  const [now] = useState(() => Date.now());
  const state = publicStateOf(item, now);
  if (state === 'draft') return <>Draft</>;
  if (state === 'scheduled')
    return (
      <>
        Scheduled for <time dateTime={item.publishAt!}>{formatDateTime(item.publishAt!)}</time>
      </>
    );
  return <>Published</>;
}
