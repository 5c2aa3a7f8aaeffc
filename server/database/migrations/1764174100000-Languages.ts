import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Languages (issue #41). The site's languages and the company's translated name and tagline live
 * on the settings' one row, so that the settings' version (the page cache's key) and their
 * per-replica copy cover them; existing sites keep one language, English, and look as before.
 * `translations` holds a translation per (kind, item, language) for every content kind, like
 * `revisions` without a foreign key (the item's rows go with its purge, TrashService): its text
 * fields, its own status and publish time, its address (unique per kind and language), and the
 * default-language text it was made from (`source`, with the item's version then): a translation
 * whose source differs from the item's text now is outdated. A contact message records the
 * language of the page it was sent from (null: sent before languages, in the default one).
 */
export class Languages1764174100000 implements MigrationInterface {
  name = 'Languages1764174100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE site_settings
        ADD COLUMN languages jsonb NOT NULL
          DEFAULT '[{"code": "en", "name": "English", "dir": "ltr", "enabled": true, "default": true}]',
        ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`
      CREATE TABLE translations (
        kind text NOT NULL,
        item_id uuid NOT NULL,
        lang text NOT NULL,
        fields jsonb NOT NULL,
        slug text,
        status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published')),
        publish_at timestamptz,
        source jsonb NOT NULL,
        source_version integer NOT NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kind, item_id, lang)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX translations_slug_key ON translations (kind, lang, slug) WHERE slug IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE contact_messages ADD COLUMN lang text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE contact_messages DROP COLUMN lang`);
    await queryRunner.query(`DROP TABLE translations`);
    await queryRunner.query(`ALTER TABLE site_settings DROP COLUMN translations, DROP COLUMN languages`);
  }
}
