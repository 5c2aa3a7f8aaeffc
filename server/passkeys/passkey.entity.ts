import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { ConflictOn } from '../common/api-error';

/** One WebAuthn credential of an admin: signs them in alone (both factors at once). */
@Entity('passkeys')
@ConflictOn('passkeys_credential_id_key', 'response', 'This passkey is already registered')
export class Passkey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'admin_id', type: 'uuid' })
  adminId: string;

  /** What the admin called it ("Work laptop"). */
  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** The authenticator's credential id, base64url. */
  @Column({ name: 'credential_id', type: 'text' })
  credentialId: string;

  /** The COSE public key, as the authenticator gave it. */
  @Column({ name: 'public_key', type: 'bytea' })
  publicKey: Buffer;

  /** The last signature counter seen; bigint, read as a string by pg. */
  @Column({ type: 'bigint', default: 0 })
  counter: string;

  /** Sign-ins made with it: each compares and sets it. */
  @Column({ type: 'integer', default: 0 })
  uses: number;

  @Column({ type: 'text', array: true, default: () => `'{}'` })
  transports: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Null until its first sign-in. */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;
}
