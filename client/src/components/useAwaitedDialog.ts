import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * A dialog a caller awaits (sign in again, confirm it is you): `ask()` runs `reset` (the dialog's
 * fields start empty), opens it and resolves with what `answer` gives as it closes: true when the
 * dialog did its work, false when cancelled.
 */
export function useAwaitedDialog(reset: () => void) {
  const [open, setOpen] = useState(false);
  const settle = useRef<((done: boolean) => void) | null>(null);
  // The latest reset, read when asked: `ask` stays the same function for the dialog's whole life.
  const resetRef = useRef(reset);
  useLayoutEffect(() => {
    resetRef.current = reset;
  });

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current = resolve;
        resetRef.current();
        setOpen(true);
      }),
    [],
  );

  const answer = (done: boolean) => {
    setOpen(false);
    settle.current?.(done);
    settle.current = null;
  };

  return { open, ask, answer };
}
