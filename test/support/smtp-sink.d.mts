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
}

export interface SmtpSink {
  readonly port: number;
  readonly url: string;
  messages: SinkMessage[];
  to(address: string): SinkMessage[];
  waitFor(check: (messages: SinkMessage[]) => boolean, timeoutMs?: number): Promise<SinkMessage[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function startSmtpSink(options?: {
  port?: number;
  onMessage?: (message: SinkMessage, accept: () => void) => void | Promise<void>;
}): Promise<SmtpSink>;

export function linkIn(message: SinkMessage, path: string): string;
export function tokenOf(link: string): string;

export type { HeaderLines };
