import { MigrationInterface, QueryRunner } from 'typeorm';

/** Services, and the index the list's order (newest first) reads pages from. */
export class Services1763769700000 implements MigrationInterface {
  name = 'Services1763769700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE services (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL,
        about text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX services_created_at_id_idx ON services (created_at DESC, id DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE services`);
  }
}
