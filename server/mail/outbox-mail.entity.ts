import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** What a mail is for: the Settings screen names failures by it. */
export type MailKind =
  | 'contact-message'
  | 'password-reset'
  | 'invitation'
  | 'password-changed'
  | 'second-factor'
  | 'passkey'
  | 'role-changed'
  | 'review'
  | 'test';

/**
 * One mail to one recipient. Written in the transaction of what causes it; the sender claims it
 * when due, sends it and marks it sent (or, after 24 hours of failures, failed). The body is
 * cleared once the row is finished: it may hold a one-time link.
 */
@Entity('mail_outbox')
export class OutboxMail {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 40 })
  kind: MailKind;

  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  @Column({ name: 'reply_to', type: 'varchar', length: 254, nullable: true })
  replyTo: string | null;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text', nullable: true })
  body: string | null;

  /** `<id@domain>`: the same on every attempt, so a retry after a crash is recognisable as the same mail. */
  @Column({ name: 'message_id', type: 'varchar', length: 300 })
  messageId: string;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: OutboxStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  /** After this the mail is useless (its link has expired): failed rather than sent. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
