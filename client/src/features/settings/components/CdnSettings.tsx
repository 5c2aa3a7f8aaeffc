import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert } from '../../../components/Alert';
import { PageSpinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/format';
import { useLoggedError } from '../../../lib/use-logged-error';
import { settingsQueries } from '../api/settings';
import '../../../components/CardList.css';

const PROVIDER_NAMES: Record<string, string> = {
  cloudflare: 'Cloudflare',
  fastly: 'Fastly',
  varnish: 'Varnish',
  nginx: 'nginx',
};

/** Settings' CDN part: the cache in front of the public site, and its purge queue (waiting, failed, the last one done). */
export function CdnSettings() {
  const status = useQuery(settingsQueries.cdn());
  const id = useId();
  useLoggedError('Loading the CDN status failed', status.error);

  return (
    <section className="panel cdn-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title">
        CDN
      </h2>
      {status.isPending && <PageSpinner label="Loading the CDN status" />}
      {status.isError && (
        <Alert>
          Sorry, the CDN status could not be loaded.{' '}
          <button type="button" className="button button--small" onClick={() => void status.refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {status.data?.provider === 'none' && (
        <p>
          No CDN is set: visitors get every page from this server. To put one in front, set CDN (and what it needs) on the server and
          restart it.
        </p>
      )}
      {status.data && status.data.provider in PROVIDER_NAMES && (
        <>
          <dl className="cdn-settings__facts">
            <div>
              <dt>CDN</dt>
              <dd>{PROVIDER_NAMES[status.data.provider]}</dd>
            </div>
            <div>
              <dt>Purges waiting</dt>
              <dd>{status.data.waiting === 0 ? 'None' : status.data.waiting}</dd>
            </div>
            <div>
              <dt>Purges failed</dt>
              <dd>{status.data.failedCount === 0 ? 'None' : status.data.failedCount}</dd>
            </div>
            <div>
              <dt>Last purge done</dt>
              <dd>
                {status.data.lastDoneAt ? (
                  <time dateTime={status.data.lastDoneAt}>{formatDateTime(status.data.lastDoneAt)}</time>
                ) : (
                  'None yet'
                )}
              </dd>
            </div>
          </dl>
          {status.data.failed.length > 0 && (
            <>
              <h3>Purges that failed</h3>
              <p className="form__hint">
                Each was retried for a day while the CDN could not be reached (or refused at once) and then given up: the pages it names may
                show old content until they expire. npm run cdn:purge-all clears every page.
              </p>
              <ul className="cdn-settings__failed">
                {status.data.failed.map((purge) => (
                  <li key={purge.id} className="card">
                    <p className="cdn-settings__failed-title">{purge.paths.join(', ') || purge.tags.join(', ')}</p>
                    <p className="cdn-settings__failed-meta">
                      Given up {purge.failedAt ? <time dateTime={purge.failedAt}>{formatDateTime(purge.failedAt)}</time> : ''} after{' '}
                      {purge.attempts} {purge.attempts === 1 ? 'attempt' : 'attempts'}
                    </p>
                    <p className="cdn-settings__failed-reason">Reason: {purge.reason ?? 'unknown'}</p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
