import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pageOf, withPage } from './pages';

/** The `page` query parameter (default 1). A change of page scrolls to the top smoothly. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [page]);

  const setPage = (next: number) => setParams((current) => withPage(current, next));
  return [page, setPage];
}

const DEBOUNCE_MS = 300;

/**
 * A search box whose text lives in the URL (`?<param>=`), so a search can be shared, reloaded and
 * undone with Back. Typing updates the box at once and the URL (and so the request) after a pause,
 * going back to page 1. What is being typed is kept: the URL catching up with an earlier pause
 * ("Ad" while the box has "Ada") or matching it already ("Ada" for "Ada ") leaves the box alone;
 * a URL changed from outside (Back, a link) refills it.
 * Returns [text in the box, setter for the box, trimmed search in the URL].
 */
export function useSearchParamText(param: string): [string, (text: string) => void, string] {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(param) ?? '';
  const [text, setText] = useState(inUrl);
  const [seen, setSeen] = useState(inUrl);
  // The value this hook last put in the URL, until the URL shows it.
  const [written, setWritten] = useState<string | null>(null);

  // Adjusted while rendering, as React advises over an effect that sets state.
  if (inUrl !== seen) {
    setSeen(inUrl);
    if (inUrl === written) setWritten(null);
    else if (text.trim() !== inUrl.trim()) setText(inUrl);
  }

  useEffect(() => {
    const value = text.trim();
    if (value === inUrl.trim()) return;
    const timer = setTimeout(() => {
      setWritten(value);
      setParams(
        (current) => {
          const next = withPage(current, 1);
          if (value) next.set(param, value);
          else next.delete(param);
          return next;
        },
        { replace: true },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, inUrl, param, setParams]);

  return [text, setText, inUrl.trim()];
}

/** Navigation state a list hands the forms it opens: its own query (`?page=3`, `?title=…`). */
export interface ReturnState {
  returnTo?: string;
}

/** The list query a form was opened from, to go back to; '' (page 1) when there is none. */
export function returnSearch(state: unknown): string {
  const returnTo = (state as ReturnState | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('?') ? returnTo : '';
}
