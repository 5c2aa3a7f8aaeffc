import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { ConflictOn } from '../common/api-error';
import type { Role } from '../roles/permissions';

@Entity('admins')
@ConflictOn('admins_email_key', 'email', 'Email is already registered')
export class Admin {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Stored lower-cased; unique. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  /** Never selected unless asked for, so it cannot leak into a reply by accident. */
  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash: string;

  /** What they may do (server/roles/permissions.ts); the session query reads it on every request. */
  @Column({ type: 'text', default: 'administrator' })
  role: Role;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Set by each successful login; null until the first. */
  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  /** "Email me new contact messages" (Your account); on by default. */
  @Column({ name: 'notify_contact_messages', type: 'boolean', default: true })
  notifyContactMessages: boolean;

  /**
   * Raised by every password change and reset. A session carries the version its login read with
   * the password hash; the session query (server/auth/session-store.ts) refuses an older one.
   */
  @Column({ name: 'credential_version', type: 'integer', default: 0 })
  credentialVersion: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
