import { MigrationInterface, QueryRunner } from 'typeorm';
import { SessionChangeNotices1763770300000 } from './1763770300000-SessionChangeNotices';

/**
 * No replica keeps sessions in memory any more (every request reads its session row), so nobody
 * listens on `session_changes`: the triggers that announced each change to the `session` and
 * `admins` tables go, with their function. `down` puts them back as SessionChangeNotices made them.
 */
export class DropSessionChangeNotices1763770400000 implements MigrationInterface {
  name = 'DropSessionChangeNotices1763770400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await new SessionChangeNotices1763770300000().down(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await new SessionChangeNotices1763770300000().up(queryRunner);
  }
}
