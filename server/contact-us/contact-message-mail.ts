import { headerText, type MailContent } from '../mail/outbox.service';

/**
 * The visitor's text as a quotation: every line after `> `, so nothing they type can pass for one
 * of the mail's own lines (a second "Open it in the admin panel" with a link of theirs).
 */
export function quoted(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/**
 * What looks like a web address, broken so that no mail program makes a link of it
 * (`https[:]//example[.]com`): the only link in the mail is the panel's. The message itself is in
 * the panel as the visitor wrote it.
 */
export function unlinked(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, '$1[:]//')
    .replace(/\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b/gi, (host) => host.replaceAll('.', '[.]'));
}

/** One line of visitor text: line breaks as spaces. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/** The language a message was written from (issue #41), as its mail names it: `Deutsch (de)`. */
export interface MessageLanguage {
  code: string;
  name: string;
  /** The mails say it (a site of several languages); a site of one keeps its mails as they were. */
  mentioned: boolean;
}

export function contactMessageMail(
  message: { name: string; email: string; phno: string; msg: string },
  link: string,
  language: MessageLanguage | null = null,
): MailContent {
  const visitor = [
    `Name: ${unlinked(oneLine(message.name))}`,
    // A valid address (the form checked it): kept whole, it is where a reply goes.
    `Email: ${message.email}`,
    `Phone: ${message.phno ? unlinked(oneLine(message.phno)) : '(none)'}`,
    '',
    unlinked(message.msg),
  ].join('\n');
  return {
    subject: `New message from ${headerText(message.name, 100)}`,
    text: [
      'A visitor left a message on the website. What they wrote is quoted below, each line after "> ".',
      '',
      // The administrators' own words: the language's name is the settings' (not the visitor's text).
      ...(language?.mentioned ? [`Written from the ${headerText(language.name, 50)} (${language.code}) pages of the website.`, ''] : []),
      quoted(visitor),
      '',
      `Open it in the admin panel: ${link}`,
      '',
      'Reply to this mail to answer the visitor.',
      '',
      'You get these mails because "Email me new contact messages" is on in Your account.',
    ].join('\n'),
  };
}
