import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each menu's items given an id, in order: `jsonb_agg` over the menu's items, each with a new UUID. */
const WITH_IDS = (menu: string) => `
  COALESCE((SELECT jsonb_agg(item || jsonb_build_object('id', gen_random_uuid()) ORDER BY position)
              FROM jsonb_array_elements(navigation->'${menu}') WITH ORDINALITY AS items(item, position)), '[]'::jsonb)`;

/**
 * Menu items get a stable id (issue #41): a language's menu labels (`site_settings.translations`,
 * `menuLabels` by item id) stay with their item when the menus are reordered or an item is removed.
 * The API keeps an item's id when the editor sends it back, and gives a new item a new one.
 */
export class MenuItemIds1764174500000 implements MigrationInterface {
  name = 'MenuItemIds1764174500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE site_settings SET navigation = jsonb_build_object('header', ${WITH_IDS('header')}, 'footer', ${WITH_IDS('footer')})`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const withoutIds = (menu: string) => `
      COALESCE((SELECT jsonb_agg(item - 'id' ORDER BY position)
                  FROM jsonb_array_elements(navigation->'${menu}') WITH ORDINALITY AS items(item, position)), '[]'::jsonb)`;
    await queryRunner.query(
      `UPDATE site_settings SET navigation = jsonb_build_object('header', ${withoutIds('header')}, 'footer', ${withoutIds('footer')})`,
    );
  }
}
