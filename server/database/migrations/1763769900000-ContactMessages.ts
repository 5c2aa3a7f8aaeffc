import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contact messages, listed newest first (created_at DESC, id DESC) and searched by a substring of
 * the name (a trigram index serves ILIKE '%text%').
 */
export class ContactMessages1763769900000 implements MigrationInterface {
  name = 'ContactMessages1763769900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE contact_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        phno varchar(30) NOT NULL DEFAULT '',
        email varchar(254) NOT NULL,
        msg text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX contact_messages_created_at_id_idx ON contact_messages (created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX contact_messages_name_trgm_idx ON contact_messages USING gin (name gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // pg_trgm stays: other tables' indexes may use it.
    await queryRunner.query(`DROP TABLE contact_messages`);
  }
}
