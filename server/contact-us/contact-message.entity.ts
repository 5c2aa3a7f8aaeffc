import { Column, CreateDateColumn, DeleteDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A message a visitor left through the public contact form. */
@Entity('contact_messages')
export class ContactMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Optional: an empty string when the visitor left none. */
  @Column({ type: 'varchar', length: 30, default: '' })
  phno: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'text' })
  msg: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /**
   * The language of the page it was sent from (issue #41): a language code; null when not known
   * (the API's post, or sent before languages). The replies and the inbox show it, its mails say it.
   */
  @Column({ type: 'text', nullable: true })
  lang: string | null;

  /** When an administrator first opened it (for everyone); null while unread. */
  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;

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
