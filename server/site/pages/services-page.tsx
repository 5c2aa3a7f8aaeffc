import type { Paged } from '../../common/pagination';
import type { Service } from '../../services/service.entity';
import { SITE_PATHS } from '../site-paths';
import type { SiteView } from './layout';
import { ListPage } from './list-page';
import { ServiceCard } from './parts';

/** Every service, newest first, a page at a time. */
export function ServicesPage({ site, services }: { site: SiteView; services: Paged<Service> }) {
  return (
    <ListPage
      site={site}
      items={services}
      path={SITE_PATHS.services}
      section="services"
      words={site.words.services}
      card={(service) => <ServiceCard service={service} heading="h2" muted={false} />}
    />
  );
}
