import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One recovery code: its lookup id and the argon2id hash of its secret (server/second-factor/recovery-codes.ts),
 * or for a code made before those, its SHA-256; `usedAt` once it signed someone in.
 */
@Entity('admin_recovery_codes')
export class RecoveryCode {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'admin_id', type: 'uuid' })
  adminId: string;

  @Column({ name: 'code_hash', type: 'bytea', nullable: true, select: false })
  codeHash: Buffer | null;

  @Column({ type: 'text', nullable: true })
  lookup: string | null;

  @Column({ name: 'code_phc', type: 'text', nullable: true, select: false })
  codePhc: string | null;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
