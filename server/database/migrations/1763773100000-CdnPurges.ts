import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The CDN's purge queue (server/cdn/): one row per content change's purge, written in the
 * transaction of the change (so a purge exists exactly when its change does), sent by one
 * replica at a time (a claim with FOR UPDATE SKIP LOCKED), retried while the CDN cannot be
 * reached, and marked done or failed once. Finished rows are kept a while for the Settings screen.
 */
export class CdnPurges1763773100000 implements MigrationInterface {
  name = 'CdnPurges1763773100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE cdn_purges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tags text[] NOT NULL DEFAULT '{}',
        paths text[] NOT NULL DEFAULT '{}',
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz NULL
      )`);
    // The worker's claim reads only due rows; the Settings screen the latest done and failed ones.
    await queryRunner.query(`CREATE INDEX cdn_purges_due_idx ON cdn_purges (next_attempt_at) WHERE status = 'pending'`);
    await queryRunner.query(`CREATE INDEX cdn_purges_finished_idx ON cdn_purges (finished_at) WHERE status <> 'pending'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE cdn_purges`);
  }
}
