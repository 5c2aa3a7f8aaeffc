import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail: the outbox (one row per mail and recipient, written in the transaction of what causes
 * it; each replica's sender claims the due ones), the one-time tokens of password resets and
 * invitations (stored as SHA-256 hashes only), and each admin's "Email me new contact messages".
 */
export class Mail1763770600000 implements MigrationInterface {
  name = 'Mail1763770600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE admins ADD COLUMN notify_contact_messages boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind varchar(40) NOT NULL,
        recipient varchar(254) NOT NULL,
        reply_to varchar(254) NULL,
        subject text NOT NULL,
        body text NULL,
        message_id varchar(300) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NULL,
        last_error text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz NULL
      )`);
    // The sender's claim reads only due rows; Settings lists the latest failures.
    await queryRunner.query(`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending'`);
    await queryRunner.query(`CREATE INDEX mail_outbox_failed_idx ON mail_outbox (finished_at DESC) WHERE status = 'failed'`);
    await queryRunner.query(`CREATE INDEX mail_outbox_finished_idx ON mail_outbox (finished_at) WHERE status <> 'pending'`);
    await queryRunner.query(`
      CREATE TABLE admin_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        purpose varchar(20) NOT NULL CHECK (purpose IN ('password-reset', 'invitation')),
        token_hash bytea NOT NULL,
        admin_id uuid NULL REFERENCES admins (id) ON DELETE CASCADE,
        email varchar(254) NOT NULL,
        invited_by uuid NULL REFERENCES admins (id) ON DELETE SET NULL,
        invited_by_name varchar(100) NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        CONSTRAINT admin_tokens_token_hash_key UNIQUE (token_hash)
      )`);
    await queryRunner.query(
      `CREATE INDEX admin_tokens_pending_invitations_idx ON admin_tokens (created_at DESC, id DESC) WHERE purpose = 'invitation' AND used_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX admin_tokens_admin_idx ON admin_tokens (admin_id) WHERE admin_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX admin_tokens_expires_idx ON admin_tokens (expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE admin_tokens`);
    await queryRunner.query(`DROP TABLE mail_outbox`);
    await queryRunner.query(`ALTER TABLE admins DROP COLUMN notify_contact_messages`);
  }
}
