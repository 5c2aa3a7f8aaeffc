import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
