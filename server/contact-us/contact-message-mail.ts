import { headerText, type MailContent } from '../mail/outbox.service';

export function contactMessageMail(message: { name: string; email: string; phno: string; msg: string }, link: string): MailContent {
  return {
    subject: `New message from ${headerText(message.name, 100)}`,
    text: [
      'A visitor left a message on the website.',
      '',
      `Name: ${message.name}`,
      `Email: ${message.email}`,
      `Phone: ${message.phno || '(none)'}`,
      '',
      'Message:',
      message.msg,
      '',
      `Open it in the admin panel: ${link}`,
      '',
      'Reply to this mail to answer the visitor.',
      '',
      'You get these mails because "Email me new contact messages" is on in Your account.',
    ].join('\n'),
  };
}
