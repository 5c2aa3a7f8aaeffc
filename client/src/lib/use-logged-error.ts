import { useEffect } from 'react';

/**
 * Writes a failed load to the browser's console for whoever debugs it, once per failure; the
 * screen shows its own short message.
 */
export function useLoggedError(what: string, error: unknown): void {
  useEffect(() => {
    if (error) console.error(what, error);
  }, [what, error]);
}
