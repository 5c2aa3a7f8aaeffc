import type { MailContent } from './mail-header';

export function testMail(site: string): MailContent {
  return {
    subject: `Test email from ${site}`,
    text: `This is a test email from the admin panel of ${site}. Mail works.`,
  };
}
