import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

const DEBOUNCE_MS = 300;

/**
 * The search text lives in the URL (`?title=`), so a search can be shared, reloaded and undone
 * with Back. Typing updates the box at once and the URL (and so the request) after a pause.
 * Returns the box's text, its setter and the trimmed search in effect.
 */
export function useTitleSearch(): [string, (text: string) => void, string] {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get('title') ?? '';
  const [text, setText] = useState(inUrl);
  const written = useRef(inUrl);

  // Back and Forward change the URL under us: show what it says.
  useEffect(() => {
    if (inUrl !== written.current) {
      written.current = inUrl;
      setText(inUrl);
    }
  }, [inUrl]);

  useEffect(() => {
    const value = text.trim();
    if (value === written.current.trim()) return;
    const timer = setTimeout(() => {
      written.current = value;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('page');
          if (value) next.set('title', value);
          else next.delete('title');
          return next;
        },
        { replace: true },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, setParams]);

  return [text, setText, inUrl.trim()];
}
