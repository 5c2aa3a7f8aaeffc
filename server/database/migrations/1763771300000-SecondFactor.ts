import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Authenticator codes (TOTP): one row per admin who set them up (`enabled_at` null until a code
 * confirmed the setup; `last_step`, the time step of the last code accepted, refuses its replay),
 * and their recovery codes, stored as SHA-256 hashes, each used once.
 */
export class SecondFactor1763771300000 implements MigrationInterface {
  name = 'SecondFactor1763771300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE admin_totp (
        admin_id uuid PRIMARY KEY REFERENCES admins (id) ON DELETE CASCADE,
        secret text NOT NULL,
        enabled_at timestamptz NULL,
        last_step bigint NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE admin_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
        code_hash bytea NOT NULL,
        used_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT admin_recovery_codes_admin_hash_key UNIQUE (admin_id, code_hash)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE admin_recovery_codes`);
    await queryRunner.query(`DROP TABLE admin_totp`);
  }
}
