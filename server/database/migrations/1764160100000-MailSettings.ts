import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail set up from the panel (issue #38): at most one row (id 1), absent until someone saves
 * Settings → Mail. The password is sealed (SecretBox under SECRETS_KEY, bound to 'mail-settings'),
 * never stored or sent back in clear. SMTP_URL in the environment, when set, wins over this row.
 */
export class MailSettings1764160100000 implements MigrationInterface {
  name = 'MailSettings1764160100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE mail_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        host text NOT NULL,
        port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
        security text NOT NULL CHECK (security IN ('starttls', 'tls', 'none')),
        username text NOT NULL DEFAULT '',
        password_sealed text,
        from_address text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE mail_settings`);
  }
}
