import { RevisionsService } from '../revisions/revisions.service';
import { parseArgs } from 'node:util';
import { Activity } from '../activity/activity.entity';
import { ActivityService } from '../activity/activity.service';
import { OutboxMail } from '../mail/outbox-mail.entity';
import { OutboxService } from '../mail/outbox.service';
import { MailSettingsService } from '../mail/mail-settings.service';
import { SecondFactorService } from '../second-factor/second-factor.service';
import { SettingsService } from '../settings/settings.service';
import { ContentEvents } from '../content/events/content-events.service';
import { SiteSettingsRow } from '../settings/site-settings.entity';
import { runCommand, withDatabase } from './cli-database';

const USAGE = `Usage: npm run admin:reset-second-factor -- --email ada@example.com
  (from the built files, e.g. in the image: node dist/server/cli/reset-second-factor.js --email …)
Removes the administrator's second factor (authenticator codes and recovery codes), for one who
lost them: they sign in with their password alone, then set up a new one in Your account. The
activity log records it and the administrator gets a notice by mail (when mail is on).`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.email) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const email = values.email;
  return withDatabase(async (dataSource, config) => {
    const activity = new ActivityService(dataSource.getRepository(Activity), dataSource, config);
    const settings = new SettingsService(
      dataSource.getRepository(SiteSettingsRow),
      dataSource,
      activity,
      new ContentEvents(dataSource),
      new RevisionsService(dataSource),
    );
    // Mail set up in Settings → Mail counts here too: the notice is queued for the app's sender.
    const mailSettings = new MailSettingsService(config, dataSource, activity);
    await mailSettings.refresh();
    const outbox = new OutboxService(dataSource.getRepository(OutboxMail), settings, mailSettings);
    const reset = await new SecondFactorService(dataSource, config, activity, outbox).reset(email);
    if (!reset) {
      console.error(`No administrator has the email ${email}.`);
      return 1;
    }
    console.log(
      reset.removed
        ? `Removed the second factor of ${reset.name} <${reset.email}>: they can sign in with their password and set up a new one.`
        : `${reset.name} <${reset.email}> has no second factor: nothing to remove.`,
    );
    return 0;
  });
}

runCommand(main);
