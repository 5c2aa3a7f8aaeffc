import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue #39: a role per admin (existing accounts become administrators), who created each article
 * (existing ones: none, so only editors and administrators may edit them), and the review state an
 * author's article carries: `submitted` (waiting for review) or `returned` (sent back with a note).
 * created_by has no foreign key, as deleted_by has none: the admin may be removed later.
 */
export class Roles1764170000000 implements MigrationInterface {
  name = 'Roles1764170000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE admins ADD COLUMN role text NOT NULL DEFAULT 'administrator' CONSTRAINT admins_role_check CHECK (role IN ('administrator', 'editor', 'author'))`,
    );
    // An invitation's role (earlier ones: null, accepted as administrators, as they were sent).
    await queryRunner.query(
      `ALTER TABLE admin_tokens ADD COLUMN role text CONSTRAINT admin_tokens_role_check CHECK (role IN ('administrator', 'editor', 'author'))`,
    );
    await queryRunner.query(`ALTER TABLE news ADD COLUMN created_by uuid`);
    await queryRunner.query(
      `ALTER TABLE news ADD COLUMN review text CONSTRAINT news_review_check CHECK (review IN ('submitted', 'returned'))`,
    );
    await queryRunner.query(`ALTER TABLE news ADD COLUMN review_note text`);
    // The "Waiting for review" count reads it.
    await queryRunner.query(`CREATE INDEX news_review_idx ON news (review) WHERE review IS NOT NULL AND deleted_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX news_review_idx`);
    await queryRunner.query(`ALTER TABLE news DROP COLUMN review_note, DROP COLUMN review, DROP COLUMN created_by`);
    await queryRunner.query(`ALTER TABLE admin_tokens DROP COLUMN role`);
    await queryRunner.query(`ALTER TABLE admins DROP COLUMN role`);
  }
}
