import { Column, CreateDateColumn, DeleteDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('services')
// Created by the migration as (created_at DESC, id DESC), which TypeORM cannot describe; it must not touch it.
@Index('services_created_at_id_idx', { synchronize: false })
export class Service {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Lengths are checked by the DTO; `text` so no character count can turn into a database error. */
  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  about: string;

  /** Moves on by one with every live change; a save sending an older one (If-Match) gets a 409 (issue #36). */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /**
   * Set while the row is in the trash. TypeORM's finds and query builders skip such rows by
   * themselves (the lists, searches, details and exports); raw SQL must say deleted_at IS NULL.
   * Not selected: replies keep their contract shape.
   */
  @DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz', select: false })
  deletedAt: Date | null;

  /** The admin who moved the row to the trash (no foreign key: the admin may be removed later). */
  @Column({ name: 'deleted_by', type: 'uuid', nullable: true, select: false })
  deletedBy: string | null;
}
