export interface MailboxMessage {
  to: string[];
  from: string | null;
  subject: string;
  text: string;
  messageId: string | null;
  replyTo: string[];
}

export function mailboxDir(port: string | number): string;
export function readMailbox(port: string | number): MailboxMessage[];
