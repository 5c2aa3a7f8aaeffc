import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue #39 for the company's pages (#37), as Roles1764170200000 did for articles: who created
 * each page (existing ones: none, so only editors and administrators may edit them) and the review
 * state an author's page carries. created_by has no foreign key: the admin may be removed later.
 */
export class PageReview1764170300000 implements MigrationInterface {
  name = 'PageReview1764170300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE pages ADD COLUMN created_by uuid`);
    await queryRunner.query(
      `ALTER TABLE pages ADD COLUMN review text CONSTRAINT pages_review_check CHECK (review IN ('submitted', 'returned'))`,
    );
    await queryRunner.query(`ALTER TABLE pages ADD COLUMN review_note text`);
    await queryRunner.query(`CREATE INDEX pages_review_idx ON pages (review) WHERE review IS NOT NULL AND deleted_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX pages_review_idx`);
    await queryRunner.query(`ALTER TABLE pages DROP COLUMN review_note, DROP COLUMN review, DROP COLUMN created_by`);
  }
}
