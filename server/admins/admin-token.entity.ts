import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from '../roles/permissions';

export type TokenPurpose = 'password-reset' | 'invitation';

/**
 * A one-time link's token: a password reset (for `adminId`) or an invitation (for `email`). Only
 * the SHA-256 of the token is stored; the token itself travels once, in the mail.
 */
@Entity('admin_tokens')
export class AdminToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 20 })
  purpose: TokenPurpose;

  @Column({ name: 'token_hash', type: 'bytea', select: false })
  tokenHash: Buffer;

  /** A reset's admin; null for an invitation, and for a reset asked for an address no admin has (never usable). */
  @Column({ name: 'admin_id', type: 'uuid', nullable: true })
  adminId: string | null;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'invited_by', type: 'uuid', nullable: true })
  invitedBy: string | null;

  /** The inviter's name when inviting, so the list still reads after they are removed. */
  @Column({ name: 'invited_by_name', type: 'varchar', length: 100, nullable: true })
  invitedByName: string | null;

  /** An invitation's role for the invited person (null: one sent before roles, an administrator). */
  @Column({ type: 'text', nullable: true })
  role: Role | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
