import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './Dialog';

/**
 * Asks before a form with unsaved changes is left: a link, the menu or Back (React Router's
 * useBlocker, which needs the data router createBrowserRouter makes) get a confirmation dialog;
 * closing or reloading the tab gets the browser's own question (beforeunload).
 * `release()` lets the next navigation through without asking: the one after a successful save,
 * or Cancel, which says to discard the changes.
 */
export function useUnsavedChanges(dirty: boolean) {
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !released.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave this page?"
      message="Your changes have not been saved. If you leave, they will be lost."
      confirmLabel="Leave"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );

  return {
    dialog,
    release: () => {
      released.current = true;
    },
  };
}
