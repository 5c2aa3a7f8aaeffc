import { useCallback, useLayoutEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { ConfirmDialog } from './Dialog';

/**
 * Asks before a form with unsaved changes is left: a link, the menu or Back (React Router's
 * useBlocker, which needs the data router createBrowserRouter makes) get a confirmation dialog;
 * closing or reloading the tab gets the browser's own question (beforeunload).
 * `release()` lets the next navigation through without asking: the one after a successful save,
 * or Cancel, which says to discard the changes.
 *
 * The guard follows `dirty` in layout effects, which React runs in the same commit that puts the
 * change on screen. Passive effects (useEffect) may run a task later, after a save's reply for
 * instance; useBlocker hands its function to the router in one, so a click that came in between
 * was judged by the previous render's answer, and a tab closed in between was not asked. Here the
 * router's function is set once and reads the ref, and the beforeunload listener is in place as
 * soon as the change is visible.
 */
export function useUnsavedChanges(dirty: boolean) {
  const released = useRef(false);
  const dirtyNow = useRef(dirty);
  useLayoutEffect(() => {
    dirtyNow.current = dirty;
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current &&
      !released.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

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
