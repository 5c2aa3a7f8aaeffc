import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * News articles. Lengths are checked by the DTOs (text columns, so a character count that differs
 * between the validator and PostgreSQL can never turn into a 500). Two indexes: the list order
 * (newest first, id as the tie-break) and trigrams on the title, which serve the case-insensitive
 * substring search (ILIKE '%…%').
 */
export class News1763769800000 implements MigrationInterface {
  name = 'News1763769800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE news (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL,
        description text NOT NULL,
        about text NOT NULL,
        photo text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX news_created_at_id_idx ON news (created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX news_title_trgm_idx ON news USING gin (title gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE news`);
  }
}
