import type { HeaderLines, Headers } from 'mailparser';

export interface SinkMessage {
  to: string[];
  from: string | null;
  subject: string;
  text: string;
  messageId: string | null;
  replyTo: string[];
  headers: Headers;
  raw: string;
  secure: boolean;
}

export interface SmtpSink {
  readonly port: number;
  readonly url: string;
  messages: SinkMessage[];
  logins: { username: string; password: string }[];
  to(address: string): SinkMessage[];
  waitFor(check: (messages: SinkMessage[]) => boolean, timeoutMs?: number): Promise<SinkMessage[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function startSmtpSink(options?: {
  port?: number;
  onMessage?: (message: SinkMessage, accept: () => void) => void | Promise<void>;
  starttls?: boolean;
  auth?: boolean;
}): Promise<SmtpSink>;

export function linkIn(message: SinkMessage, path: string): string;
export function tokenOf(link: string): string;

export type { HeaderLines };
