import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Revisions, working copies and versions (issue #36). `version` moves on every live change of an
 * item (the settings had one already): a save that names a stale one gets a 409. `revisions` keeps
 * full snapshots of an item's editable fields per (kind, item_id), numbered by `seq` under the
 * item's row lock; `drafts` holds at most one working copy per item. Neither has a foreign key:
 * one table serves every kind (the settings' item is the nil UUID), and an item's rows go with its
 * purge (TrashService). `files` lists the stored photos a snapshot names, so the orphan sweep and
 * a replaced photo's removal find them through a GIN index instead of reading every snapshot.
 * Existing items get a `created` revision of what they are now, so each has its live revision.
 */
export class Revisions1763773600000 implements MigrationInterface {
  name = 'Revisions1763773600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE news ADD COLUMN version integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE services ADD COLUMN version integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`
      CREATE TABLE revisions (
        kind text NOT NULL,
        item_id uuid NOT NULL,
        seq integer NOT NULL,
        reason text NOT NULL CHECK (reason IN ('created', 'saved', 'published', 'unpublished', 'restored')),
        changed text[] NOT NULL DEFAULT '{}',
        label text CHECK (char_length(label) <= 100),
        pinned boolean NOT NULL DEFAULT false,
        draft boolean NOT NULL DEFAULT false,
        restored_from integer,
        snapshot jsonb NOT NULL,
        files text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        admin_id uuid,
        PRIMARY KEY (kind, item_id, seq)
      )`);
    await queryRunner.query(`CREATE INDEX revisions_files_idx ON revisions USING gin (files)`);
    await queryRunner.query(`
      CREATE TABLE drafts (
        kind text NOT NULL,
        item_id uuid NOT NULL,
        snapshot jsonb NOT NULL,
        files text[] NOT NULL DEFAULT '{}',
        version integer NOT NULL DEFAULT 1,
        base_version integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid,
        autosaved boolean NOT NULL DEFAULT false,
        PRIMARY KEY (kind, item_id)
      )`);
    await queryRunner.query(`CREATE INDEX drafts_files_idx ON drafts USING gin (files)`);
    await queryRunner.query(`
      INSERT INTO revisions (kind, item_id, seq, reason, snapshot, files, created_at)
      SELECT 'news', id, 1, 'created',
             jsonb_build_object('title', title, 'slug', slug, 'description', description, 'about', about, 'photo', photo,
                                'photoAlt', photo_alt, 'status', status,
                                'publishAt', to_char(publish_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
             CASE WHEN photo IS NULL THEN '{}' ELSE ARRAY[photo] END, updated_at
        FROM news`);
    await queryRunner.query(`
      INSERT INTO revisions (kind, item_id, seq, reason, snapshot, created_at)
      SELECT 'services', id, 1, 'created', jsonb_build_object('title', title, 'about', about), updated_at FROM services`);
    await queryRunner.query(`
      INSERT INTO revisions (kind, item_id, seq, reason, snapshot, created_at)
      SELECT 'settings', '00000000-0000-0000-0000-000000000000', 1, 'created',
             jsonb_build_object('maintenance', maintenance, 'companyName', company_name, 'tagline', tagline, 'email', email,
                                'phone', phone, 'accentColor', accent_color), updated_at
        FROM site_settings`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE drafts`);
    await queryRunner.query(`DROP TABLE revisions`);
    await queryRunner.query(`ALTER TABLE services DROP COLUMN version`);
    await queryRunner.query(`ALTER TABLE news DROP COLUMN version`);
  }
}
