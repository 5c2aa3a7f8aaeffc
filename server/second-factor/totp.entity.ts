import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * An admin's authenticator (TOTP, RFC 6238). Pending until a code from the app confirms the setup
 * (`enabledAt`); only then is it a second factor. The secret must be readable to check codes: it is
 * kept sealed (SecretBox, AES-256-GCM under SECRETS_KEY, bound to the admin id) and never selected
 * unless asked for.
 */
@Entity('admin_totp')
export class Totp {
  @PrimaryColumn({ name: 'admin_id', type: 'uuid' })
  adminId: string;

  @Column({ type: 'text', select: false })
  secret: string;

  @Column({ name: 'enabled_at', type: 'timestamptz', nullable: true })
  enabledAt: Date | null;

  /** The time step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
  @Column({ name: 'last_step', type: 'bigint', nullable: true })
  lastStep: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
