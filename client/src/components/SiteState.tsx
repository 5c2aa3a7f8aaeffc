import { useState } from 'react';
import { Alert } from './Alert';
import { Dialog } from './Dialog';
import { useNotify } from './Toaster';
import './SiteState.css';

/** What visitors see, in words: the badge never says it by its colour alone. */
export const SITE_STATE_NAMES = { live: 'Live', hidden: 'Hidden (maintenance page)' } as const;

/**
 * The site's state (the maintenance setting) and the one button that changes it, at once after a
 * confirmation: no Save further down. The caller saves (`change` with the new maintenance value),
 * so the Settings screen and the dashboard each keep their own cache right.
 */
export function SiteState({ maintenance, change }: { maintenance: boolean; change: (maintenance: boolean) => Promise<unknown> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const notify = useNotify();
  const goLive = maintenance;

  async function confirm() {
    setBusy(true);
    setFailed(false);
    try {
      await change(!maintenance);
      setAsking(false);
      notify({ message: goLive ? 'The site is live.' : 'The site is hidden behind the maintenance page.' });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="site-state">
      <p className="site-state__now">
        <span className={`site-state__badge site-state__badge--${maintenance ? 'hidden' : 'live'}`}>
          <span aria-hidden="true">{maintenance ? '●' : '✓'}</span>{' '}
          <span>{maintenance ? SITE_STATE_NAMES.hidden : SITE_STATE_NAMES.live}</span>
        </span>{' '}
        {maintenance ? 'Visitors see only the maintenance page.' : 'Visitors see the website.'}
      </p>
      <button type="button" className={`button${goLive ? ' button--primary' : ''}`} onClick={() => setAsking(true)}>
        {goLive ? 'Put the site live' : 'Hide the site'}
      </button>
      <Dialog
        open={asking}
        title={goLive ? 'Put the site live?' : 'Hide the site?'}
        onClose={() => busy || setAsking(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setAsking(false)} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={busy} autoFocus>
              {busy ? 'Changing…' : goLive ? 'Put live' : 'Hide'}
            </button>
          </>
        }
      >
        <p>
          {goLive
            ? 'Visitors will see the website at once, instead of the maintenance page.'
            : 'Visitors will see only the maintenance page at once. Signed-in administrators still see the website.'}
        </p>
        {failed && <Alert>The site's state could not be changed. Please try again.</Alert>}
      </Dialog>
    </div>
  );
}
