import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change to a session row or an admin row is announced on the `session_changes` channel as it
 * commits, whoever makes it (a replica, a command-line tool, an operator in psql): replicas keep
 * the sessions they had read in memory only while they heard these notices. Dropped again by
 * DropSessionChangeNotices, since every request reads its session row.
 * Payloads: `s:<sid>` for a session, `a:<admin id>` for an admin, `*` for a truncated table.
 */
export class SessionChangeNotices1763770300000 implements MigrationInterface {
  name = 'SessionChangeNotices1763770300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_LEVEL = 'STATEMENT' THEN
          PERFORM pg_notify('session_changes', '*');
        ELSIF TG_TABLE_NAME = 'session' THEN
          PERFORM pg_notify('session_changes', 's:' || OLD.sid);
        ELSE
          PERFORM pg_notify('session_changes', 'a:' || OLD.id);
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of ['session', 'admins']) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_change_notice AFTER UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION notify_session_change()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${table}_truncate_notice AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['session', 'admins']) {
      await queryRunner.query(`DROP TRIGGER ${table}_truncate_notice ON ${table}`);
      await queryRunner.query(`DROP TRIGGER ${table}_change_notice ON ${table}`);
    }
    await queryRunner.query(`DROP FUNCTION notify_session_change()`);
  }
}
