import { useSearchParams } from 'react-router-dom';
import { withPage } from '../../../lib/pages';

/**
 * `?unread=true` (only unread messages) and `?view=<id>` (the message open in its dialog; the
 * dashboard links here with it), both kept in the URL so they survive a reload and Back.
 */
export function useContactParams() {
  const [params, setParams] = useSearchParams();
  return {
    unreadOnly: params.get('unread') === 'true',
    // flushSync: at once, not in a transition, so the checkbox shows its new state as it is clicked.
    setUnreadOnly: (on: boolean) =>
      setParams(
        (current) => {
          const next = withPage(current, 1);
          if (on) next.set('unread', 'true');
          else next.delete('unread');
          return next;
        },
        { flushSync: true },
      ),
    viewing: params.get('view'),
    setViewing: (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('view', id);
          else next.delete('view');
          return next;
        },
        { replace: true },
      ),
  };
}
