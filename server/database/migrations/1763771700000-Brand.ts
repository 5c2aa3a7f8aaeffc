import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The brand and responsive photos (issue #23).
 *
 * - `site_settings.logo`: the public path of the uploaded logo (stored where news photos are), or
 *   null for the product's own. `accent_color`: the colour (`#rrggbb`) the public pages' brand
 *   areas take, under white text; empty keeps the stylesheet's own.
 * - `news.photo_width` and `photo_height`: the size of the stored (largest) photo, from which the
 *   smaller sizes and the page's `srcset`, `width` and `height` follow. Null for a photo stored
 *   before this migration until `npm run photos:resize` (or its next upload) fills them.
 */
export class Brand1763771700000 implements MigrationInterface {
  name = 'Brand1763771700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE site_settings ADD COLUMN logo text, ADD COLUMN accent_color text NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE news ADD COLUMN photo_width integer, ADD COLUMN photo_height integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE news DROP COLUMN photo_height, DROP COLUMN photo_width`);
    await queryRunner.query(`ALTER TABLE site_settings DROP COLUMN accent_color, DROP COLUMN logo`);
  }
}
