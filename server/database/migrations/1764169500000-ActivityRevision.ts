import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The revision an activity entry's change wrote (an item's or the settings' History), so the
 * Activity screen links the entry to it. Null for every entry that wrote none (and those before).
 */
export class ActivityRevision1764169500000 implements MigrationInterface {
  name = 'ActivityRevision1764169500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE activity ADD COLUMN seq integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE activity DROP COLUMN seq`);
  }
}
