import type { Paged } from '../../common/pagination';
import type { Service } from '../../services/service.entity';
import { SITE_PATHS, pagePath } from '../site-paths';
import { Layout, type SiteView } from './layout';
import { Pager, ServiceCard } from './parts';

/** Every service, newest first, a page at a time. */
export function ServicesPage({ site, services }: { site: SiteView; services: Paged<Service> }) {
  const { page } = services.meta;
  const words = site.words.services;
  return (
    <Layout
      site={site}
      meta={{
        title: words.title(page),
        description: words.description(site.settings.companyName),
        canonical: pagePath(SITE_PATHS.services, page),
        section: 'services',
      }}
    >
      <div className="wrap">
        <div className="page-head">
          <h1>{words.heading}</h1>
          <p>{words.lead}</p>
        </div>
        {services.data.length === 0 ? (
          <p className="empty">{words.empty}</p>
        ) : (
          <ul className="grid">
            {services.data.map((service) => (
              <li key={service.id}>
                <ServiceCard service={service} heading="h2" muted={false} />
              </li>
            ))}
          </ul>
        )}
        <Pager list={SITE_PATHS.services} page={page} links={services.links} label={words.pages} words={site.words} />
      </div>
    </Layout>
  );
}
