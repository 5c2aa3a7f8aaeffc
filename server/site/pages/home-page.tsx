import type { News } from '../../news/news.entity';
import type { Service } from '../../services/service.entity';
import { SITE_PATHS } from '../site-paths';
import { organization } from '../structured-data';
import { Layout, pageLanguage, sitePath, type SiteView } from './layout';
import { HomeSection, NewsCard, ServiceCard } from './parts';

/** The home page: the company, its newest services and its latest news (a section with nothing in it is left out). */
export function HomePage({ site, services, news }: { site: SiteView; services: Service[]; news: News[] }) {
  const { companyName, tagline } = site.settings;
  const words = site.words.home;
  const description = tagline !== '' ? tagline : words.description(companyName);
  return (
    <Layout
      site={site}
      meta={{
        title: null,
        description,
        canonical: SITE_PATHS.home,
        section: 'home',
        structuredData: [organization(site.settings, site.origin, pageLanguage(site))],
      }}
    >
      <section className="hero" aria-labelledby="company">
        <div className="wrap">
          <h1 id="company">{companyName}</h1>
          {tagline !== '' && <p>{tagline}</p>}
          <div className="actions">
            <a className="button button-accent" href={sitePath(site, SITE_PATHS.contact)}>
              {words.contactUs}
            </a>
            <a className="button button-ghost" href={sitePath(site, SITE_PATHS.services)}>
              {words.ourServices}
            </a>
          </div>
        </div>
      </section>
      {services.length > 0 && (
        <HomeSection id="services" title={words.services} more={{ href: sitePath(site, SITE_PATHS.services), text: words.allServices }}>
          {services.map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} heading="h3" muted />
            </li>
          ))}
        </HomeSection>
      )}
      {news.length > 0 && (
        <HomeSection id="news" title={words.news} more={{ href: sitePath(site, SITE_PATHS.news), text: words.allNews }}>
          {news.map((article) => (
            <li key={article.id}>
              <NewsCard
                article={article}
                heading="h3"
                eager={false}
                words={site.words}
                href={sitePath(site, SITE_PATHS.article(article.slug))}
              />
            </li>
          ))}
        </HomeSection>
      )}
    </Layout>
  );
}
