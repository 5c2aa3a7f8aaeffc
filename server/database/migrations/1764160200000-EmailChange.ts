import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An administrator's own new email (issue #38 item 8): a one-time link mailed to the new address,
 * kept in admin_tokens like a reset (purpose 'email-change', the admin in admin_id, the new address
 * in email). Existing tokens stay as they are.
 */
export class EmailChange1764160200000 implements MigrationInterface {
  name = 'EmailChange1764160200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE admin_tokens DROP CONSTRAINT admin_tokens_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE admin_tokens ADD CONSTRAINT admin_tokens_purpose_check CHECK (purpose IN ('password-reset', 'invitation', 'email-change'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM admin_tokens WHERE purpose = 'email-change'`);
    await queryRunner.query(`ALTER TABLE admin_tokens DROP CONSTRAINT admin_tokens_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE admin_tokens ADD CONSTRAINT admin_tokens_purpose_check CHECK (purpose IN ('password-reset', 'invitation'))`,
    );
  }
}
