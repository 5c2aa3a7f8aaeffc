import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables whose rows go to the trash, with their list and search indexes. */
const TRASHABLE = [
  { table: 'services', searches: [] },
  { table: 'news', searches: [{ index: 'news_title_trgm_idx', column: 'title' }] },
  { table: 'contact_messages', searches: [{ index: 'contact_messages_name_trgm_idx', column: 'name' }] },
];

/**
 * The trash and the activity log. Deleting a service, an article or a message sets deleted_at and
 * deleted_by instead of removing the row. Every list, search and export reads live rows only, so
 * their indexes become partial (WHERE deleted_at IS NULL): the same shape and size as before for
 * the lists, and trashed rows never cost them anything. The trash list and the purge job read the
 * other part through a partial (deleted_at DESC, id DESC) index of their own.
 *
 * The activity log keeps who did what and when; its list is filtered by administrator or by kind,
 * each served by an index in the list's order.
 */
export class TrashAndActivity1763770000000 implements MigrationInterface {
  name = 'TrashAndActivity1763770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const { table, searches } of TRASHABLE) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN deleted_at timestamptz, ADD COLUMN deleted_by uuid`);
      await queryRunner.query(`DROP INDEX ${table}_created_at_id_idx`);
      await queryRunner.query(`CREATE INDEX ${table}_created_at_id_idx ON ${table} (created_at DESC, id DESC) WHERE deleted_at IS NULL`);
      for (const { index, column } of searches) {
        await queryRunner.query(`DROP INDEX ${index}`);
        await queryRunner.query(`CREATE INDEX ${index} ON ${table} USING gin (${column} gin_trgm_ops) WHERE deleted_at IS NULL`);
      }
      await queryRunner.query(
        `CREATE INDEX ${table}_deleted_at_id_idx ON ${table} (deleted_at DESC, id DESC) WHERE deleted_at IS NOT NULL`,
      );
    }
    await queryRunner.query(`
      CREATE TABLE activity (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        at timestamptz NOT NULL DEFAULT now(),
        admin_id uuid,
        admin_name varchar(100),
        action varchar(40) NOT NULL,
        kind varchar(20) NOT NULL,
        item_id uuid,
        label text,
        fields text[],
        address varchar(100)
      )`);
    await queryRunner.query(`CREATE INDEX activity_at_id_idx ON activity (at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX activity_admin_at_id_idx ON activity (admin_id, at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX activity_kind_at_id_idx ON activity (kind, at DESC, id DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE activity`);
    for (const { table, searches } of TRASHABLE) {
      // The trash is emptied for good: the old schema has no place for it.
      await queryRunner.query(`DELETE FROM ${table} WHERE deleted_at IS NOT NULL`);
      await queryRunner.query(`DROP INDEX ${table}_deleted_at_id_idx`);
      await queryRunner.query(`DROP INDEX ${table}_created_at_id_idx`);
      await queryRunner.query(`CREATE INDEX ${table}_created_at_id_idx ON ${table} (created_at DESC, id DESC)`);
      for (const { index, column } of searches) {
        await queryRunner.query(`DROP INDEX ${index}`);
        await queryRunner.query(`CREATE INDEX ${index} ON ${table} USING gin (${column} gin_trgm_ops)`);
      }
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN deleted_at, DROP COLUMN deleted_by`);
    }
  }
}
