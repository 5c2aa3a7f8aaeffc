import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The site's settings: one row (id 1, held by a check), with the maintenance switch on, so a new
 * site shows the maintenance page until an administrator opens it. `version` moves on every
 * change; replicas compare it to know their copy is stale.
 */
export class SiteSettings1763770200000 implements MigrationInterface {
  name = 'SiteSettings1763770200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE site_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        maintenance boolean NOT NULL DEFAULT true,
        company_name text NOT NULL DEFAULT 'Our company',
        tagline text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        phone text NOT NULL DEFAULT '',
        version integer NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`INSERT INTO site_settings DEFAULT VALUES`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE site_settings`);
  }
}
