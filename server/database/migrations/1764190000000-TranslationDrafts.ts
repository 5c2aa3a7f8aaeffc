import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A published translation's working copy (issue #41 with #36): the text a translator saves
 * without it going live, at most one per translation, until it is published or discarded. Who
 * wrote it last and when, and its own version (If-Match between two tabs). No foreign key, as the
 * translations: it goes with the translation's delete and the item's purge.
 */
export class TranslationDrafts1764190000000 implements MigrationInterface {
  name = 'TranslationDrafts1764190000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE translation_drafts (
        kind text NOT NULL,
        item_id uuid NOT NULL,
        lang text NOT NULL,
        fields jsonb NOT NULL,
        version integer NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid,
        PRIMARY KEY (kind, item_id, lang)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE translation_drafts`);
  }
}
