import { useState } from 'react';

/**
 * The rows ticked on the page on screen. Only ids of `pageIds` count: a row that left the page
 * (deleted, or another page shown) drops out of the selection by itself.
 */
export function useSelection(pageIds: string[]) {
  const [ticked, setTicked] = useState<string[]>([]);
  const selected = ticked.filter((id) => pageIds.includes(id));
  const all = pageIds.length > 0 && selected.length === pageIds.length;
  return {
    /** The selected ids, in the page's order. */
    ids: pageIds.filter((id) => selected.includes(id)),
    count: selected.length,
    all,
    /** Some but not all: the "select all" box shows as mixed. */
    some: selected.length > 0 && !all,
    isSelected: (id: string) => selected.includes(id),
    toggle: (id: string) => setTicked(selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id]),
    /** Ticks every row of the page, or none when all are ticked. */
    toggleAll: () => setTicked(all ? [] : [...pageIds]),
    clear: () => setTicked([]),
  };
}

export type Selection = ReturnType<typeof useSelection>;
