import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One thing an administrator did. Written beside the change, in its transaction; never edited. */
@Entity('activity')
// Created by the migration in the list's order (newest first), which TypeORM cannot describe.
@Index('activity_at_id_idx', { synchronize: false })
@Index('activity_admin_at_id_idx', { synchronize: false })
@Index('activity_kind_at_id_idx', { synchronize: false })
export class Activity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;

  /** Null for a failed sign-in with an address that belongs to no admin. */
  @Column({ name: 'admin_id', type: 'uuid', nullable: true })
  adminId: string | null;

  /** The name when it happened, so the entry still reads after the admin is renamed or removed. */
  @Column({ name: 'admin_name', type: 'varchar', length: 100, nullable: true })
  adminName: string | null;

  @Column({ type: 'varchar', length: 40 })
  action: string;

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  @Column({ name: 'item_id', type: 'uuid', nullable: true })
  itemId: string | null;

  /** The item's title, a message's sender, an admin's name or address. */
  @Column({ type: 'text', nullable: true })
  label: string | null;

  /** For an edit: the names of the fields that changed, never their contents. */
  @Column({ type: 'text', array: true, nullable: true })
  fields: string[] | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  address: string | null;

  /** The revision the change wrote (the item's, or the settings', History), when it wrote one. */
  @Column({ type: 'integer', nullable: true })
  seq: number | null;
}
