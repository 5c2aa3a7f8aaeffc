import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { PageHeader } from '../../../components/PageHeader';
import { SiteState } from '../../../components/SiteState';
import { PageSpinner, Spinner } from '../../../components/Spinner';
import { describeActivity } from '../../../lib/activity-text';
import { usePermissions } from '../../../lib/can';
import { KIND_NAMES } from '../../../lib/content-kinds';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useLoggedError } from '../../../lib/use-logged-error';
import { dashboardQueries, useSiteMaintenance, type Dashboard } from '../api/dashboard';
import './DashboardScreen.css';

/** How much of a message the dashboard shows; the message itself opens with the link. */
const EXCERPT_LENGTH = 70;

function excerpt(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' '));
  return chars.length > EXCERPT_LENGTH ? `${chars.slice(0, EXCERPT_LENGTH).join('').trimEnd()}…` : chars.join('');
}

function UnreadPanel({ unread, mail, setUp }: { unread: Dashboard['unread']; mail: Dashboard['site']['mail']; setUp: boolean }) {
  const none = unread.count === 0;
  return (
    <section className="panel dashboard__unread" aria-labelledby="dashboard-unread">
      <h2 id="dashboard-unread" className="panel__title">
        Unread messages
      </h2>
      <p className="dashboard__figure">
        <strong className="dashboard__number">{formatCount(unread)}</strong>{' '}
        {unread.count === 1 && !unread.orMore ? 'unread message' : 'unread messages'}
      </p>
      {none ? (
        <p className="dashboard__quiet">Nothing new from visitors.</p>
      ) : (
        <ul className="dashboard__messages" aria-label="Latest unread messages">
          {unread.latest.map((message) => (
            <li key={message.id}>
              <Link className="dashboard__message" to={paths.contactUs.view(message.id)}>
                <span className="dashboard__message-name">{message.name}</span>
                <span className="dashboard__message-text">{excerpt(message.msg)}</span>
              </Link>
              <time className="dashboard__time" dateTime={message.createdAt}>
                {formatDateTime(message.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
      {mail === false && (
        <p className="dashboard__quiet">
          New messages only appear here: nobody gets them by email until mail is set up.{' '}
          {setUp && <Link to={paths.settingsMail}>Set up mail</Link>}
        </p>
      )}
      <Link className="panel__more" to={paths.contactUs.list}>
        All messages
      </Link>
    </section>
  );
}

function SitePanel({ site }: { site: Dashboard['site'] }) {
  const maintenance = useSiteMaintenance();
  return (
    <section className="panel" aria-labelledby="dashboard-site">
      <h2 id="dashboard-site" className="panel__title">
        Site
      </h2>
      <dl className="dashboard__states">
        <div>
          <dt>Website</dt>
          <dd>
            <SiteState maintenance={site.maintenance} change={(value) => maintenance.mutateAsync(value)} />
          </dd>
        </div>
        {/* Shown once the site has mail settings at all (null: this installation sends no mail). */}
        {site.mail !== null && (
          <div>
            <dt>Mail</dt>
            <dd>
              <span className={`state state--${site.mail ? 'ok' : 'warn'}`}>
                <span aria-hidden="true">{site.mail ? '✓' : '●'}</span> {site.mail ? 'On' : 'Off'}
              </span>{' '}
              {site.mail ? 'The site sends mail.' : 'The site sends no mail.'}
              {!site.mail && (
                <>
                  {' '}
                  <Link to={paths.settingsMail}>Set up mail</Link>
                </>
              )}
            </dd>
          </div>
        )}
      </dl>
      <Link className="panel__more" to={paths.settings}>
        Settings
      </Link>
    </section>
  );
}

/**
 * Visitors and pageviews of the last 7 days (visitors summed day by day), from a request of its
 * own: the rest of the dashboard shows whether or not the counts answer.
 */
function VisitorsPanel() {
  const query = useQuery(dashboardQueries.visitors());
  useLoggedError('Loading the visitor counts failed', query.error);
  const count = (value: number) => value.toLocaleString('en-US');
  return (
    <section className="panel" aria-labelledby="dashboard-visitors">
      <h2 id="dashboard-visitors" className="panel__title">
        Visitors in the last 7 days
      </h2>
      {query.isPending ? (
        <Spinner label="Loading the visitor counts" />
      ) : query.isError ? (
        <p className="dashboard__quiet">The visitor counts could not be loaded.</p>
      ) : (
        <>
          <p className="dashboard__figure">
            <strong className="dashboard__number">{count(query.data.visitors)}</strong> {query.data.visitors === 1 ? 'visitor' : 'visitors'}
          </p>
          <p className="dashboard__figure">
            <strong className="dashboard__number">{count(query.data.pageviews)}</strong>{' '}
            {query.data.pageviews === 1 ? 'pageview' : 'pageviews'}
          </p>
        </>
      )}
      <Link className="panel__more" to={paths.visitors}>
        All visitor counts
      </Link>
    </section>
  );
}

function CountsPanel({ counts }: { counts: Dashboard['counts'] }) {
  const can = usePermissions();
  const rows = [
    { name: KIND_NAMES.services.many, to: paths.services.list, count: counts.services, shown: can('services.read') },
    { name: KIND_NAMES.news.many, to: paths.news.list, count: counts.news, shown: can('news.write') },
    { name: KIND_NAMES.pages.many, to: paths.pages.list, count: counts.pages, shown: can('pages.write') },
    { name: 'In the trash', to: paths.trash, count: counts.trash, shown: can('trash.manage') },
    // What authors submitted and nobody has published or sent back yet (issue 39).
    { name: 'Waiting for review', to: paths.review, count: counts.review, shown: can('news.publish') },
  ].filter((row) => row.shown);
  return (
    <section className="panel" aria-labelledby="dashboard-content">
      <h2 id="dashboard-content" className="panel__title">
        Content
      </h2>
      <ul className="dashboard__counts">
        {rows.map((row) => (
          <li key={row.name}>
            <Link to={row.to} className="dashboard__count">
              <strong className="dashboard__number">{formatCount(row.count)}</strong>
              <span>{row.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ActivityPanel({ activity }: { activity: Dashboard['activity'] }) {
  return (
    <section className="panel dashboard__activity" aria-labelledby="dashboard-activity">
      <h2 id="dashboard-activity" className="panel__title">
        Recent activity
      </h2>
      {activity.length === 0 ? (
        <p className="dashboard__quiet">Nothing has happened yet.</p>
      ) : (
        <ol className="dashboard__entries">
          {activity.map((entry) => (
            <li key={entry.id}>
              <span>{describeActivity(entry)}</span>
              <time className="dashboard__time" dateTime={entry.at}>
                {formatDateTime(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
      <Link className="panel__more" to={paths.activity}>
        All activity
      </Link>
    </section>
  );
}

/**
 * A new site's first steps, each ticked off from the real state (GET /api/dashboard's checklist)
 * and each a link to where it is done; the panel goes away once all are. Done or not is said in
 * words, not by the tick alone. (The privacy page joins the list once the site has pages.)
 */
function ChecklistPanel({ checklist }: { checklist: Dashboard['checklist'] }) {
  const steps = [
    { done: checklist.brand, to: paths.settings, text: "Add your company's name, logo and colour" },
    { done: checklist.mail, to: paths.settings, text: 'Set up mail, so that you hear of new messages' },
    { done: checklist.article, to: paths.news.create, text: 'Write a first news article' },
    { done: checklist.live, to: paths.settings, text: 'Put the site live' },
  ];
  const left = steps.filter((step) => !step.done).length;
  if (left === 0) return null;
  return (
    <section className="panel dashboard__checklist" aria-labelledby="dashboard-checklist">
      <h2 id="dashboard-checklist" className="panel__title">
        Getting started
      </h2>
      <p className="dashboard__quiet">
        {left === 1 ? 'One step left' : `${left} of ${steps.length} steps left`} before the site is ready for visitors.
      </p>
      <ol className="dashboard__steps">
        {steps.map((step) => (
          <li key={step.text} className={step.done ? 'dashboard__step dashboard__step--done' : 'dashboard__step'}>
            <Link to={step.to}>{step.text}</Link>{' '}
            <span className={`state state--${step.done ? 'ok' : 'todo'}`}>{step.done ? 'Done' : 'To do'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The panel's first screen: what is new, the site's state, how much there is, and what colleagues did. */
export function DashboardScreen() {
  // Each part for the roles that may open what it shows (no request the role would be refused).
  const can = usePermissions();
  const query = useQuery({ ...dashboardQueries.summary(), enabled: can('dashboard.read') });
  useLoggedError('Loading the dashboard failed', query.error);

  return (
    <section className="screen">
      <PageHeader title="Dashboard" />
      {query.isPending ? (
        <PageSpinner label="Loading the dashboard" />
      ) : query.isError && !query.data ? (
        <Alert>
          Sorry, the dashboard could not be loaded.{' '}
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            Retry
          </button>
        </Alert>
      ) : (
        <div className="dashboard">
          {can('settings.manage') && <ChecklistPanel checklist={query.data.checklist} />}
          {can('contactus.manage') && <UnreadPanel unread={query.data.unread} mail={query.data.site.mail} setUp={can('settings.manage')} />}
          {can('settings.manage') && <SitePanel site={query.data.site} />}
          <CountsPanel counts={query.data.counts} />
          {can('analytics.read') && <VisitorsPanel />}
          {can('activity.read') && <ActivityPanel activity={query.data.activity} />}
        </div>
      )}
    </section>
  );
}
