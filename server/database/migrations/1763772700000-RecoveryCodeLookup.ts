import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recovery codes of 130 secret bits under a salted slow hash (issue #35): `lookup`, the code's
 * first six characters (not secret), finds the one row whose `code_phc` (argon2id) is checked,
 * so a sign-in verifies one hash, not ten. The codes made before (80 bits, `code_hash`, unsalted
 * SHA-256) stay valid, each once, until the admin gets new ones: invalidating them would leave an
 * admin without a way back in; each row has one kind of hash or the other.
 */
export class RecoveryCodeLookup1763772700000 implements MigrationInterface {
  name = 'RecoveryCodeLookup1763772700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE admin_recovery_codes
        ADD COLUMN lookup text NULL,
        ADD COLUMN code_phc text NULL,
        ALTER COLUMN code_hash DROP NOT NULL,
        ADD CONSTRAINT admin_recovery_codes_one_hash CHECK (
          (code_hash IS NULL) <> (code_phc IS NULL) AND (code_phc IS NULL) = (lookup IS NULL)
        )`);
    await queryRunner.query(`CREATE INDEX admin_recovery_codes_lookup ON admin_recovery_codes (admin_id, lookup)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The old schema cannot check the new codes: they go (the admin keeps any old ones).
    await queryRunner.query(`DELETE FROM admin_recovery_codes WHERE code_hash IS NULL`);
    await queryRunner.query(`DROP INDEX admin_recovery_codes_lookup`);
    await queryRunner.query(`
      ALTER TABLE admin_recovery_codes
        DROP CONSTRAINT admin_recovery_codes_one_hash,
        DROP COLUMN code_phc,
        DROP COLUMN lookup,
        ALTER COLUMN code_hash SET NOT NULL`);
  }
}
