import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each admin last logged in (null until their first login), and the index the Admins list
 * pages by (newest first, like every other list).
 */
export class AdminLastLogin1763770100000 implements MigrationInterface {
  name = 'AdminLastLogin1763770100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE admins ADD COLUMN last_login_at timestamptz NULL`);
    await queryRunner.query(`CREATE INDEX admins_created_at_id_idx ON admins (created_at DESC, id DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX admins_created_at_id_idx`);
    await queryRunner.query(`ALTER TABLE admins DROP COLUMN last_login_at`);
  }
}
