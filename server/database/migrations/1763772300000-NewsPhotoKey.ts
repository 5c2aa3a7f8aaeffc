import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One article per photo (issue #34): a save names a stored photo by its path, and two rows naming
 * one file would lose it as soon as either changes its photo. The unique index settles two saves
 * of one photo at once, and serves the save's "does another article name it" and the orphan
 * sweep's lookups, which read the whole table before. Null (no photo) is never a duplicate.
 */
export class NewsPhotoKey1763772300000 implements MigrationInterface {
  name = 'NewsPhotoKey1763772300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE UNIQUE INDEX news_photo_key ON news (photo)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX news_photo_key`);
  }
}
