import { ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import type { ActivityService } from '../../activity/activity.service';
import type { ContactMessage } from '../../contact-us/contact-message.entity';

// Other resources' reply classes by schema name: their dto files are not this module's to import.
const listOf = (schema: string) => ({ type: 'array' as const, items: { $ref: getSchemaPath(schema) } });

/** A count that stops at 1,000: `{ count: 1000, orMore: true }` reads "1,000+". */
@ApiSchema({ name: 'BoundedCount' })
export class BoundedCountDto {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 1000 })
  count: number;

  @ApiProperty({ description: 'There are more than `count` (shown as "1,000+")' })
  orMore: boolean;
}

@ApiSchema({ name: 'DashboardUnread' })
class DashboardUnread extends BoundedCountDto {
  @ApiProperty({ ...listOf('ContactMessage'), description: 'The newest five unread messages, newest first' })
  latest: ContactMessage[];
}

@ApiSchema({ name: 'DashboardSite' })
class DashboardSite {
  @ApiProperty({ description: 'Visitors see the maintenance page' })
  maintenance: boolean;

  @ApiProperty({ description: 'Whether the site sends mail (SMTP_URL is set)' })
  mail: boolean;
}

/**
 * The first run's checklist: each item true once done, read from the real state, so the dashboard
 * shows the list until all are. (The privacy page joins it once the site has pages.)
 */
@ApiSchema({ name: 'DashboardChecklist' })
class DashboardChecklist {
  @ApiProperty({ description: 'The company name is no longer the default, and a logo and an accent colour are set' })
  brand: boolean;

  @ApiProperty({ description: 'The site sends mail' })
  mail: boolean;

  @ApiProperty({ description: 'At least one live news article' })
  article: boolean;

  @ApiProperty({ description: 'Visitors see the site, not the maintenance page' })
  live: boolean;
}

@ApiSchema({ name: 'DashboardCounts' })
class DashboardCounts {
  @ApiProperty({ description: 'Live services' })
  services: BoundedCountDto;

  @ApiProperty({ description: 'Live news articles' })
  news: BoundedCountDto;

  @ApiProperty({ description: 'Items of every kind in the trash' })
  trash: BoundedCountDto;

  @ApiProperty({ description: 'Waiting for review: items authors submitted that no editor has published or sent back yet' })
  review: BoundedCountDto;
}

/** GET /api/dashboard: the panel's first screen in one reply. */
@ApiSchema({ name: 'Dashboard' })
export class DashboardDto {
  @ApiProperty()
  unread: DashboardUnread;

  @ApiProperty()
  site: DashboardSite;

  @ApiProperty()
  checklist: DashboardChecklist;

  @ApiProperty()
  counts: DashboardCounts;

  @ApiProperty({ ...listOf('ActivityEntry'), description: 'The last ten activity entries, newest first' })
  activity: Awaited<ReturnType<ActivityService['latest']>>;
}
