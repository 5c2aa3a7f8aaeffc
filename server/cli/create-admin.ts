import { RevisionsService } from '../revisions/revisions.service';
import { Activity } from '../activity/activity.entity';
import { ActivityService } from '../activity/activity.service';
import { SessionsService } from '../account/sessions.service';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { OutboxMail } from '../mail/outbox-mail.entity';
import { OutboxService } from '../mail/outbox.service';
import { MailSettingsService } from '../mail/mail-settings.service';
import { SettingsService } from '../settings/settings.service';
import { ContentEvents } from '../content/events/content-events.service';
import { SiteSettingsRow } from '../settings/site-settings.entity';
import { Admin } from '../admins/admin.entity';
import { AdminsService } from '../admins/admins.service';
import { RegisterAdminDto } from '../admins/dto/register-admin.dto';
import { conflictFor } from '../common/api-error';
import { runCommand, withDatabase } from './cli-database';

const USAGE = `Usage: npm run admin:create -- --name "Ada Lovelace" --email ada@example.com
  (from the built files, e.g. in the image: node dist/server/cli/create-admin.js --name … --email …)
The password is asked for (hidden), or read from ADMIN_PASSWORD, or from standard input when it is not a terminal.`;

/** Reads a line without echoing it, when standard input is a terminal. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => write(s.startsWith(question) ? s : '');
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function readStdin(): Promise<string> {
  let data = '';
  for await (const chunk of process.stdin) data += chunk;
  return data.split('\n')[0] ?? '';
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { name: { type: 'string' }, email: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.name || !values.email) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const password = process.env.ADMIN_PASSWORD ?? (process.stdin.isTTY ? await askHidden('Password: ') : await readStdin());
  const dto = plainToInstance(RegisterAdminDto, { name: values.name, email: values.email, password });
  const errors = await validate(dto);
  if (errors.length > 0) {
    for (const error of errors) console.error(`${error.property}: ${Object.values(error.constraints ?? {})[0]}`);
    return 2;
  }

  return withDatabase(async (dataSource, config) => {
    try {
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
      const sessions = new SessionsService(dataSource, config);
      const admin = await new AdminsService(dataSource.getRepository(Admin), dataSource, activity, sessions, outbox).create(dto);
      console.log(`Created admin ${admin.name} <${admin.email}>.`);
      return 0;
    } catch (thrown) {
      // The same refusals the API answers with: a taken email is the 409 the entity declares.
      const error = conflictFor(thrown) ?? thrown;
      const body = (error as { getResponse?: () => { error?: unknown } }).getResponse?.();
      if (!body?.error) throw error;
      console.error(`Not created: ${JSON.stringify(body.error)}`);
      return 1;
    }
  });
}

runCommand(main);
