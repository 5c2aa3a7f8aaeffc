import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A translation's history (issue #41 with #36): every save and delete of a translation keeps a
 * snapshot of it (its text fields, address, status and publish time), who and when, and the fields
 * that changed; the last 50 per translation, going with the item's purge as its translations do.
 * No foreign key, as the revisions: a removed admin's entries stay (admin_id then names no one).
 * Each translation there is now gets its first entry, so its history starts with the live copy.
 */
export class TranslationRevisions1764174600000 implements MigrationInterface {
  name = 'TranslationRevisions1764174600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE translation_revisions (
        kind text NOT NULL,
        item_id uuid NOT NULL,
        lang text NOT NULL,
        seq integer NOT NULL,
        reason text NOT NULL CHECK (reason IN ('created', 'saved', 'published', 'unpublished', 'deleted')),
        changed text[] NOT NULL DEFAULT '{}',
        snapshot jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        admin_id uuid,
        PRIMARY KEY (kind, item_id, lang, seq)
      )`);
    await queryRunner.query(`
      INSERT INTO translation_revisions (kind, item_id, lang, seq, reason, snapshot, created_at)
      SELECT kind, item_id, lang, 1, 'created',
             fields || jsonb_build_object('slug', slug, 'status', status, 'publishAt', publish_at), updated_at
        FROM translations`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE translation_revisions`);
  }
}
