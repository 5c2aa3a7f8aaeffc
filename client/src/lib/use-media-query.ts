import { useSyncExternalStore } from 'react';

/** The phone layout's breakpoint, the same as the stylesheets' `@media (max-width: 768px)`. */
export const PHONE = '(max-width: 768px)';

/** Whether a media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
