import { Injectable } from '@nestjs/common';
import { ActivityService } from '../activity/activity.service';
import { boundedCountOf, type BoundedCount } from '../common/pagination';
import { ReviewService } from '../revisions/review.service';
import { may, type Role } from '../roles/permissions';
import { ContactUsService } from '../contact-us/contact-us.service';
import type { ContactMessage } from '../contact-us/contact-message.entity';
import { OutboxService } from '../mail/outbox.service';
import { NewsService } from '../news/news.service';
import { ServicesService } from '../services/services.service';
import { SettingsService } from '../settings/settings.service';
import { TrashService } from '../trash/trash.service';

/** How many unread messages and activity entries the dashboard lists. */
export const LATEST_UNREAD = 5;
export const LATEST_ACTIVITY = 10;

/** The company name a new site starts with (the SiteSettings migration's default): not yet hers. */
const DEFAULT_COMPANY_NAME = 'Our company';

export interface Dashboard {
  unread: BoundedCount & { latest: ContactMessage[] };
  site: {
    maintenance: boolean;
    /** Whether the site sends mail (contact notifications, password resets): SMTP_URL is set. */
    mail: boolean;
  };
  /** The first run's checklist, read from the real state (see DashboardChecklist). */
  checklist: { brand: boolean; mail: boolean; article: boolean; live: boolean };
  counts: { services: BoundedCount; news: BoundedCount; trash: BoundedCount; review: BoundedCount };
  activity: Awaited<ReturnType<ActivityService['latest']>>;
}

/**
 * The office's first screen in one reply. Every part reads an index and stops early (counts stop
 * at 1,000: "1,000+"), so the reply costs the same at a million messages as at ten; the parts run
 * at once, each on its own pooled connection.
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly contactUs: ContactUsService,
    private readonly services: ServicesService,
    private readonly news: NewsService,
    private readonly trash: TrashService,
    private readonly activity: ActivityService,
    private readonly settings: SettingsService,
    private readonly outbox: OutboxService,
    private readonly review: ReviewService,
  ) {}

  /**
   * What `role` may see of it (issue #39): the messages, the activity and the trash only with their
   * permissions, else empty (the panel hides those parts by GET /api/admins/me's `can`).
   */
  async read(role: Role): Promise<Dashboard> {
    const none = () => Promise.resolve(boundedCountOf(0));
    const [unread, services, news, trash, review, activity, { settings }] = await Promise.all([
      may(role, 'contactus.manage') ? this.contactUs.unread(LATEST_UNREAD) : { ...boundedCountOf(0), latest: [] },
      this.services.count(),
      this.news.count(),
      may(role, 'trash.manage') ? this.trash.count() : none(),
      this.review.waiting(),
      may(role, 'activity.read') ? this.activity.latest(LATEST_ACTIVITY) : [],
      // At most a second old, as the public site sees it.
      this.settings.current(),
    ]);
    const mail = this.outbox.enabled;
    return {
      unread,
      site: { maintenance: settings.maintenance, mail },
      checklist: {
        brand: settings.companyName.trim() !== DEFAULT_COMPANY_NAME && settings.logo !== null && settings.accentColor !== '',
        mail,
        article: news.count > 0,
        live: !settings.maintenance,
      },
      counts: { services, news, trash, review },
      activity,
    };
  }
}
