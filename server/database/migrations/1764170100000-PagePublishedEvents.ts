import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduled pages' `published` content event (issue #37), as NewsPublishedEvents does it for
 * articles: `pages.published_event_at` is null exactly while a page waits for its `publish_at`,
 * kept by a trigger on every write (the articles' own function: it reads only the row's status,
 * publish_at and deleted_at), and PublishSchedule claims the rows that fall due. A page in a menu
 * or named by the settings then shows on every page at its time, and a CDN is purged.
 */
export class PagePublishedEvents1764170100000 implements MigrationInterface {
  name = 'PagePublishedEvents1764170100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE pages ADD COLUMN published_event_at timestamptz`);
    await queryRunner.query(
      `CREATE TRIGGER pages_published_event_at BEFORE INSERT OR UPDATE OF status, publish_at, deleted_at ON pages
         FOR EACH ROW EXECUTE FUNCTION news_published_event_at()`,
    );
    await queryRunner.query(
      `UPDATE pages SET published_event_at = now() WHERE NOT (status = 'published' AND publish_at > now() AND deleted_at IS NULL)`,
    );
    await queryRunner.query(`CREATE INDEX pages_publish_due_idx ON pages (publish_at) WHERE published_event_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX pages_publish_due_idx`);
    await queryRunner.query(`DROP TRIGGER pages_published_event_at ON pages`);
    await queryRunner.query(`ALTER TABLE pages DROP COLUMN published_event_at`);
  }
}
