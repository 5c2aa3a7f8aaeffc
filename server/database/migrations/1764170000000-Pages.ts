import { MigrationInterface, QueryRunner } from 'typeorm';

/** Today's site links (the header's Home, Services, News, Contact; no footer links): an existing site looks the same. */
const DEFAULT_NAVIGATION = {
  header: [
    { label: 'Home', target: { kind: 'home' } },
    { label: 'Services', target: { kind: 'services' } },
    { label: 'News', target: { kind: 'news' } },
    { label: 'Contact', target: { kind: 'contact' } },
  ],
  footer: [],
};

/**
 * The company's own pages and the site's menus (issue #37).
 *
 * - `pages`: as `news` is (address, status, `publish_at`, photo, version, trash columns), the text
 *   in `body`. A slug is unique over every page (the trash too, so a restore never clashes);
 *   `page_old_slugs` keeps earlier ones, each answering 301. Titles searched by trigrams.
 * - `site_settings.navigation`: the header and footer menus (JSON, checked by the API), today's
 *   links by default; `privacy_page` and `legal_notice_page`: the law's two pages (null: none),
 *   set to null when the page is purged from the trash.
 */
export class Pages1764170000000 implements MigrationInterface {
  name = 'Pages1764170000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE pages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL,
        slug text NOT NULL CONSTRAINT pages_slug_key UNIQUE,
        description text NOT NULL,
        body text NOT NULL,
        photo text CONSTRAINT pages_photo_key UNIQUE,
        photo_width integer,
        photo_height integer,
        photo_alt text,
        status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published')),
        publish_at timestamptz,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        deleted_by uuid
      )`);
    await queryRunner.query(`CREATE INDEX pages_created_at_id_idx ON pages (created_at DESC, id DESC) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX pages_title_trgm_idx ON pages USING gin (title gin_trgm_ops) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX pages_deleted_at_id_idx ON pages (deleted_at DESC, id DESC) WHERE deleted_at IS NOT NULL`);
    await queryRunner.query(`
      CREATE TABLE page_old_slugs (
        slug text PRIMARY KEY,
        page_id uuid NOT NULL REFERENCES pages (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX page_old_slugs_page_id_idx ON page_old_slugs (page_id)`);
    await queryRunner.query(
      `ALTER TABLE site_settings ADD COLUMN navigation jsonb NOT NULL DEFAULT $$${JSON.stringify(DEFAULT_NAVIGATION)}$$`,
    );
    await queryRunner.query(`ALTER TABLE site_settings ADD COLUMN privacy_page uuid REFERENCES pages (id) ON DELETE SET NULL`);
    await queryRunner.query(`ALTER TABLE site_settings ADD COLUMN legal_notice_page uuid REFERENCES pages (id) ON DELETE SET NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE site_settings DROP COLUMN legal_notice_page, DROP COLUMN privacy_page, DROP COLUMN navigation`);
    await queryRunner.query(`DROP TABLE page_old_slugs`);
    await queryRunner.query(`DROP TABLE pages`);
  }
}
