import type { News } from '../../news/news.entity';
import type { Service } from '../../services/service.entity';
import { SITE_PATHS } from '../site-paths';
import { Layout, type SiteView } from './layout';
import { NewsCard } from './parts';

/** The home page: the company, its newest services and its latest news (a section with nothing in it is left out). */
export function HomePage({ site, services, news }: { site: SiteView; services: Service[]; news: News[] }) {
  const { companyName, tagline } = site.settings;
  const description = tagline !== '' ? tagline : `${companyName}: our services, our latest news and how to reach us.`;
  return (
    <Layout site={site} meta={{ title: null, description, canonical: SITE_PATHS.home, section: 'home' }}>
      <section className="hero" aria-labelledby="company">
        <div className="wrap">
          <h1 id="company">{companyName}</h1>
          {tagline !== '' && <p>{tagline}</p>}
          <div className="actions">
            <a className="button button-accent" href={SITE_PATHS.contact}>
              Contact us
            </a>
            <a className="button button-ghost" href={SITE_PATHS.services}>
              Our services
            </a>
          </div>
        </div>
      </section>
      {services.length > 0 && (
        <section className="section" aria-labelledby="services">
          <div className="wrap">
            <div className="section-head">
              <h2 id="services">Our services</h2>
              <a href={SITE_PATHS.services}>All services</a>
            </div>
            <ul className="grid">
              {services.map((service) => (
                <li key={service.id}>
                  <article className="card service">
                    <div className="card-body">
                      <h3>{service.title}</h3>
                      <p className="text muted">{service.about}</p>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      {news.length > 0 && (
        <section className="section" aria-labelledby="news">
          <div className="wrap">
            <div className="section-head">
              <h2 id="news">Latest news</h2>
              <a href={SITE_PATHS.news}>All news</a>
            </div>
            <ul className="grid">
              {news.map((article) => (
                <li key={article.id}>
                  <NewsCard article={article} heading="h3" eager={false} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </Layout>
  );
}
