import type { ReactNode } from 'react';
import { SITE_PATHS } from '../site-paths';
import { Layout, type PageMeta, type SiteView } from './layout';

/** A page that only says something: thanks, not found, an error. */
function MessagePage({
  site,
  meta,
  code,
  heading,
  children,
}: {
  site: SiteView;
  meta: PageMeta;
  code?: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Layout site={site} meta={meta}>
      <div className="wrap message">
        {code && <p className="code">{code}</p>}
        <h1>{heading}</h1>
        {children}
      </div>
    </Layout>
  );
}

const homeLink = (
  <p>
    <a className="button button-primary" href={SITE_PATHS.home}>
      Go to the home page
    </a>
  </p>
);

export function ThanksPage({ site }: { site: SiteView }) {
  return (
    <MessagePage
      site={site}
      meta={{ title: 'Thank you', description: 'Your message has been sent.', noindex: true, section: 'contact' }}
      heading="Thank you"
    >
      <p>Your message has been sent. We will get back to you soon.</p>
      {homeLink}
    </MessagePage>
  );
}

export function NotFoundPage({ site }: { site: SiteView }) {
  return (
    <MessagePage
      site={site}
      meta={{ title: 'Page not found', description: 'This page does not exist.' }}
      code="Error 404"
      heading="Page not found"
    >
      <p>The page you asked for does not exist, or it has been removed.</p>
      {homeLink}
    </MessagePage>
  );
}

/** The statuses the site answers with a page of their own, and what each says. */
export const PROBLEMS = {
  400: { heading: 'Bad request', text: 'This address could not be read. Please check it and try again.' },
  403: { heading: 'Request refused', text: 'This form can only be sent from this website.' },
  405: { heading: 'Not allowed', text: 'This page cannot be used that way.' },
  413: { heading: 'Message too long', text: 'The form you sent was too large. Please shorten your message and try again.' },
  500: { heading: 'Something went wrong', text: 'We could not show this page. Please try again in a moment.' },
  503: { heading: 'Temporarily unavailable', text: 'The site cannot answer right now. Please try again in a moment.' },
} as const;

export function ProblemPage({ site, status }: { site: SiteView; status: keyof typeof PROBLEMS }) {
  const { heading, text } = PROBLEMS[status];
  return (
    <MessagePage site={site} meta={{ title: heading, description: text }} code={`Error ${status}`} heading={heading}>
      <p>{text}</p>
      {homeLink}
    </MessagePage>
  );
}
