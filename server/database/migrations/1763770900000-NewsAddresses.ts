import { MigrationInterface, QueryRunner } from 'typeorm';
import { firstFree, slugOf } from '../../common/slug';

/**
 * Article addresses, drafts and scheduling, alternative text (issue #23).
 *
 * - `slug`: the address `/news/<slug>`, unique over every article (the trash too, so restoring one
 *   never clashes). Existing articles get theirs from their titles here, oldest first, so the
 *   oldest keeps the plain slug and later clashes get `-2`, `-3`.
 * - `news_old_slugs`: every address an article had before; each answers 301 to the current one.
 *   A slug is in at most one of the two (the service checks both before taking one).
 * - `status` (`draft` or `published`) and `publish_at` (null: at once). Existing articles are
 *   published. The public queries filter on both (no job has to run when an article falls due),
 *   served by a partial index on the list order.
 * - `photo_alt`: the photo's alternative text.
 */
export class NewsAddresses1763770900000 implements MigrationInterface {
  name = 'NewsAddresses1763770900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE news ADD COLUMN slug text`);
    await queryRunner.query(
      `ALTER TABLE news ADD COLUMN status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published'))`,
    );
    await queryRunner.query(`ALTER TABLE news ADD COLUMN publish_at timestamptz`);
    await queryRunner.query(`ALTER TABLE news ADD COLUMN photo_alt text`);
    const rows = (await queryRunner.query(`SELECT id, title FROM news ORDER BY created_at, id`)) as { id: string; title: string }[];
    const taken = new Set<string>();
    for (const { id, title } of rows) {
      const slug = firstFree(slugOf(title), taken);
      taken.add(slug);
      await queryRunner.query(`UPDATE news SET slug = $1 WHERE id = $2`, [slug, id]);
    }
    await queryRunner.query(`ALTER TABLE news ALTER COLUMN slug SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE news ADD CONSTRAINT news_slug_key UNIQUE (slug)`);
    await queryRunner.query(`
      CREATE TABLE news_old_slugs (
        slug text PRIMARY KEY,
        news_id uuid NOT NULL REFERENCES news (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX news_old_slugs_news_id_idx ON news_old_slugs (news_id)`);
    await queryRunner.query(
      `CREATE INDEX news_public_idx ON news (created_at DESC, id DESC) WHERE deleted_at IS NULL AND status = 'published'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX news_public_idx`);
    await queryRunner.query(`DROP TABLE news_old_slugs`);
    await queryRunner.query(`ALTER TABLE news DROP COLUMN photo_alt, DROP COLUMN publish_at, DROP COLUMN status, DROP COLUMN slug`);
  }
}
