import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions that end with the password (issue #28 item 1), and an admin's own sessions listed
 * (issue #22 item 4).
 *
 * - `admins.credential_version`: raised by every password change and reset. A session carries
 *   the version its login read with the password hash; the session query refuses one older than
 *   the admin's, so a login that checked the old password just before a change is dead on arrival.
 *   Sessions made before this migration carry none and count as version 0, which every admin has.
 * - An index on the admin a session names: listing and ending one admin's sessions read it.
 */
export class CredentialVersion1763771500000 implements MigrationInterface {
  name = 'CredentialVersion1763771500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE admins ADD COLUMN credential_version integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`CREATE INDEX session_admin_idx ON session ((sess -> 'passport' ->> 'user'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX session_admin_idx`);
    await queryRunner.query(`ALTER TABLE admins DROP COLUMN credential_version`);
  }
}
