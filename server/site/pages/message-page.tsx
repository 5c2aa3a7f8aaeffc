import type { ReactNode } from 'react';
import { SITE_PATHS } from '../site-paths';
import type { ProblemStatus } from '../words';
import { Layout, sitePath, type PageMeta, type SiteView } from './layout';

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

function HomeLink({ site }: { site: SiteView }) {
  return (
    <p>
      <a className="button button-primary" href={sitePath(site, SITE_PATHS.home)}>
        {site.words.homeLink}
      </a>
    </p>
  );
}

export function ThanksPage({ site }: { site: SiteView }) {
  const { thanks } = site.words;
  return (
    <MessagePage
      site={site}
      meta={{ title: thanks.title, description: thanks.description, noindex: true, section: 'contact' }}
      heading={thanks.title}
    >
      <p>{thanks.text}</p>
      <HomeLink site={site} />
    </MessagePage>
  );
}

export function NotFoundPage({ site }: { site: SiteView }) {
  const { notFound, errorCode } = site.words;
  return (
    <MessagePage
      site={site}
      meta={{ title: notFound.title, description: notFound.description }}
      code={errorCode(404)}
      heading={notFound.title}
    >
      <p>{notFound.text}</p>
      <HomeLink site={site} />
    </MessagePage>
  );
}

/** A refusal or a failure with a page of its own (words.ts' `problems`). */
export function ProblemPage({ site, status }: { site: SiteView; status: ProblemStatus }) {
  const { heading, text } = site.words.problems[status];
  return (
    <MessagePage site={site} meta={{ title: heading, description: text }} code={site.words.errorCode(status)} heading={heading}>
      <p>{text}</p>
      <HomeLink site={site} />
    </MessagePage>
  );
}
