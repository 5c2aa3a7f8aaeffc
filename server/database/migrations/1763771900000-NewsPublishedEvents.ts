import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduled articles' `published` content event (server/news/publish-schedule.job.ts).
 *
 * `news.published_event_at` is null exactly while an article waits for its `publish_at`: published,
 * in no trash, due later. Every replica polls for such rows whose time has come and claims them
 * with one `UPDATE … SET published_event_at = now() … RETURNING`, so one replica raises the event.
 * A trigger keeps the column right on every write, whoever makes it (the API, the trash, a site
 * import, a seed): a row that is not waiting keeps the time it was announced (or gets now()), a
 * row that waits gets null. Only the waiting rows are in the partial index the poll reads.
 * Existing rows: those waiting now get null, the others the time of the migration.
 */
export class NewsPublishedEvents1763771900000 implements MigrationInterface {
  name = 'NewsPublishedEvents1763771900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE news ADD COLUMN published_event_at timestamptz`);
    await queryRunner.query(`
      CREATE FUNCTION news_published_event_at() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'published' AND NEW.publish_at > now() AND NEW.deleted_at IS NULL THEN
          NEW.published_event_at := NULL;
        ELSE
          NEW.published_event_at := coalesce(NEW.published_event_at, now());
        END IF;
        RETURN NEW;
      END
      $$`);
    await queryRunner.query(
      `CREATE TRIGGER news_published_event_at BEFORE INSERT OR UPDATE OF status, publish_at, deleted_at ON news
         FOR EACH ROW EXECUTE FUNCTION news_published_event_at()`,
    );
    await queryRunner.query(
      `UPDATE news SET published_event_at = now() WHERE NOT (status = 'published' AND publish_at > now() AND deleted_at IS NULL)`,
    );
    await queryRunner.query(`CREATE INDEX news_publish_due_idx ON news (publish_at) WHERE published_event_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX news_publish_due_idx`);
    await queryRunner.query(`DROP TRIGGER news_published_event_at ON news`);
    await queryRunner.query(`DROP FUNCTION news_published_event_at()`);
    await queryRunner.query(`ALTER TABLE news DROP COLUMN published_event_at`);
  }
}
