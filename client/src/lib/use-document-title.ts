import { useEffect } from 'react';

/** Sets the tab's title to "<screen> · Admin Panel" while the screen is shown. */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = `${screen} · Admin Panel`;
  }, [screen]);
}
