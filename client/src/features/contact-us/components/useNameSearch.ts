import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

const DEBOUNCE_MS = 300;

/**
 * The search box's text and the `name` query parameter it drives: typing updates the URL after a
 * pause (and goes back to page 1), and a URL changed from outside (Back) refills the box.
 * Returns [text in the box, setter for the box, name in the URL].
 */
export function useNameSearch(): [string, (text: string) => void, string] {
  const [params, setParams] = useSearchParams();
  const name = params.get('name') ?? '';
  const [text, setText] = useState(name);
  const [seenName, setSeenName] = useState(name);

  // A URL changed from outside (Back) refills the box, keeping what is being typed ("Ada ") when
  // it already matches the URL ("Ada"). Adjusted while rendering, as React advises over an effect.
  if (name !== seenName) {
    setSeenName(name);
    if (text.trim() !== name.trim()) setText(name);
  }

  useEffect(() => {
    if (text.trim() === name.trim()) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text.trim()) next.set('name', text.trim());
          else next.delete('name');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, name, setParams]);

  return [text, setText, name.trim()];
}
