import { MigrationInterface, QueryRunner } from 'typeorm';

/** The inbox's search columns besides name, whose index TrashAndActivity made already. */
const SEARCHES = [
  { index: 'contact_messages_email_trgm_idx', column: 'email' },
  { index: 'contact_messages_msg_trgm_idx', column: 'msg' },
];

/**
 * The inbox's search (`?name=`) matches the sender's name, address or message: a trigram index
 * per column, partial like the name's, so PostgreSQL answers the three ILIKEs with one bitmap OR
 * of the three indexes instead of reading every live message when the words are rare.
 */
export class ContactSearch1764160000000 implements MigrationInterface {
  name = 'ContactSearch1764160000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const { index, column } of SEARCHES) {
      await queryRunner.query(`CREATE INDEX ${index} ON contact_messages USING gin (${column} gin_trgm_ops) WHERE deleted_at IS NULL`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { index } of SEARCHES) await queryRunner.query(`DROP INDEX ${index}`);
  }
}
