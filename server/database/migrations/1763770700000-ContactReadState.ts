import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contact messages' read state: read_at is null until an administrator opens the message. The
 * unread ones are few next to the whole inbox, so a partial index holds just them, in the list's
 * order: the dashboard's bounded unread count, its latest five and `?unread=true` each read only
 * this index (never the million read rows).
 */
export class ContactReadState1763770700000 implements MigrationInterface {
  name = 'ContactReadState1763770700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE contact_messages ADD COLUMN read_at timestamptz`);
    await queryRunner.query(
      `CREATE INDEX contact_messages_unread_created_at_id_idx ON contact_messages (created_at DESC, id DESC)
        WHERE read_at IS NULL AND deleted_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX contact_messages_unread_created_at_id_idx`);
    await queryRunner.query(`ALTER TABLE contact_messages DROP COLUMN read_at`);
  }
}
