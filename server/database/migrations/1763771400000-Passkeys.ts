import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (issue #22): each admin's WebAuthn credentials. `credential_id` is the authenticator's
 * id (base64url), unique over every admin, by which a sign-in finds its passkey; `public_key` the
 * COSE key it signs with; `counter` the signature counter last seen (a lower or equal one is refused
 * unless the authenticator keeps none, 0); `uses` the sign-ins made with it, which each sign-in
 * compares and sets, so one answer signs in once even when sent twice at once. They go with their
 * admin.
 */
export class Passkeys1763771400000 implements MigrationInterface {
  name = 'Passkeys1763771400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE passkeys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        credential_id text NOT NULL,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        uses integer NOT NULL DEFAULT 0,
        transports text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NULL,
        CONSTRAINT passkeys_credential_id_key UNIQUE (credential_id)
      )`);
    await queryRunner.query(`CREATE INDEX passkeys_admin_id_idx ON passkeys (admin_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE passkeys`);
  }
}
