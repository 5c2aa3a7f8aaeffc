import { MigrationInterface, QueryRunner } from 'typeorm';

/** Admins, the session store (connect-pg-simple's schema) and the shared rate-limit counters. */
export class Foundation1763769600000 implements MigrationInterface {
  name = 'Foundation1763769600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await queryRunner.query(`
      CREATE TABLE admins (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT admins_email_key UNIQUE (email)
      )`);
    await queryRunner.query(`
      CREATE TABLE session (
        sid varchar NOT NULL PRIMARY KEY,
        sess json NOT NULL,
        expire timestamp(6) NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX session_expire_idx ON session (expire)`);
    await queryRunner.query(`
      CREATE TABLE rate_limits (
        key varchar(300) PRIMARY KEY,
        hits integer NOT NULL,
        reset_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX rate_limits_reset_at_idx ON rate_limits (reset_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rate_limits`);
    await queryRunner.query(`DROP TABLE session`);
    await queryRunner.query(`DROP TABLE admins`);
  }
}
