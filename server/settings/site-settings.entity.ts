import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The one row of site_settings (see the SiteSettings migration). */
@Entity('site_settings')
export class SiteSettingsRow {
  @PrimaryColumn({ type: 'smallint' })
  id: number;

  @Column({ type: 'boolean' })
  maintenance: boolean;

  @Column({ name: 'company_name', type: 'text' })
  companyName: string;

  @Column({ type: 'text' })
  tagline: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  phone: string;

  /** The logo's public path (stored with the news photos), or null for the default logo. */
  @Column({ type: 'text', nullable: true })
  logo: string | null;

  /** `#rrggbb`, or empty for the stylesheet's own colours. */
  @Column({ name: 'accent_color', type: 'text' })
  accentColor: string;

  /** The header and footer menus (issue #37): see dto/navigation.dto.ts; today's links by default (the Pages migration). */
  @Column({ type: 'jsonb' })
  navigation: unknown;

  /** The law's two pages (issue #37): the footer links them on every page; null: none. */
  @Column({ name: 'privacy_page', type: 'uuid', nullable: true })
  privacyPage: string | null;

  @Column({ name: 'legal_notice_page', type: 'uuid', nullable: true })
  legalNoticePage: string | null;

  @Column({ type: 'integer' })
  version: number;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
