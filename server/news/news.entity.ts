import { Column, CreateDateColumn, DeleteDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('news')
export class News {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text' })
  about: string;

  /** Null, or the public path of the stored photo, e.g. `/uploads/news/<uuid>.webp`. */
  @Column({ type: 'text', nullable: true })
  photo: string | null;

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
