import type { Paged } from '../../common/pagination';
import type { Service } from '../../services/service.entity';
import { SITE_PATHS, pagePath } from '../site-paths';
import { Layout, type SiteView } from './layout';
import { Pager, ServiceCard } from './parts';

/** Every service, newest first, a page at a time. */
export function ServicesPage({ site, services }: { site: SiteView; services: Paged<Service> }) {
  const { page } = services.meta;
  const { companyName } = site.settings;
  return (
    <Layout
      site={site}
      meta={{
        title: page === 1 ? 'Services' : `Services, page ${page}`,
        description: `What ${companyName} does for its customers.`,
        canonical: pagePath(SITE_PATHS.services, page),
        section: 'services',
      }}
    >
      <div className="wrap">
        <div className="page-head">
          <h1>Services</h1>
          <p>What we do for our customers.</p>
        </div>
        {services.data.length === 0 ? (
          <p className="empty">There are no services to show yet.</p>
        ) : (
          <ul className="grid">
            {services.data.map((service) => (
              <li key={service.id}>
                <ServiceCard service={service} heading="h2" muted={false} />
              </li>
            ))}
          </ul>
        )}
        <Pager list={SITE_PATHS.services} page={page} links={services.links} label="Services pages" />
      </div>
    </Layout>
  );
}
