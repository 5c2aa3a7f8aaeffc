import { ApiProperty, ApiSchema, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsNotEmpty, IsString, IsUUID, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Transform } from 'class-transformer';
import { StorableText, Trim } from '../../common/validation';
import { ReadableUnderWhite } from './accent-colour';

/** Every setting, checked from the decorator nearest the property upwards (missing, then type, then content). */
@ApiSchema({ name: 'SiteSettingsInput' })
export class SiteSettingsDto {
  @ApiProperty({ description: 'On: visitors see the maintenance page' })
  @IsBoolean({ message: 'Maintenance must be true or false' })
  maintenance: boolean;

  @ApiProperty({ minLength: 1, maxLength: 100 })
  @MaxLength(100, { message: 'Company name must be at most 100 characters' })
  @StorableText('Company name')
  @IsString({ message: 'Company name must be text' })
  @IsNotEmpty({ message: 'Company name is required' })
  @Trim()
  companyName: string;

  @ApiProperty({ maxLength: 200 })
  @MaxLength(200, { message: 'Tagline must be at most 200 characters' })
  @StorableText('Tagline')
  @IsString({ message: 'Tagline must be text' })
  @Trim()
  tagline: string;

  /** Empty means the public pages show no address. */
  @ApiProperty({
    type: String,
    description: 'An email address, or empty for none',
    maxLength: 254,
    anyOf: [
      { type: 'string', format: 'email' },
      { type: 'string', enum: [''] },
    ],
  })
  @IsEmail({}, { message: 'Email must be a valid email address' })
  @ValidateIf((_dto, value) => value !== '')
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @StorableText('Email')
  @IsString({ message: 'Email must be text' })
  @Trim()
  email: string;

  /** Empty means the public pages show no number. */
  @ApiProperty({ maxLength: 40, pattern: '^[0-9+()\\-. ]*$' })
  @Matches(/^[0-9+()\-. ]*$/, { message: 'Phone may contain only digits, spaces and + ( ) - .' })
  @MaxLength(40, { message: 'Phone must be at most 40 characters' })
  @IsString({ message: 'Phone must be text' })
  @Trim()
  phone: string;

  /** Empty keeps the public pages' own colours. */
  @ApiProperty({
    description: "A hex colour (#rrggbb) for the public pages' brand areas, under white text (at least 4.5:1), or empty for the default",
    pattern: '^(#[0-9a-f]{6})?$',
  })
  @ReadableUnderWhite()
  @Matches(/^(#[0-9a-f]{6})?$/, { message: 'Accent colour must be a hex colour such as #1f3a5f' })
  @IsString({ message: 'Accent colour must be text' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  accentColor: string;

  /** The privacy policy (issue #37): linked in the footer and beside the contact form's Send button while it is published. */
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The privacy policy: a page id (GET /api/pages), or null for none',
  })
  @IsUUID('all', { message: 'Privacy page must be the id of a page' })
  @IsString({ message: 'Privacy page must be the id of a page' })
  @ValidateIf((_dto, value) => value !== null)
  privacyPage: string | null;

  /** The legal notice (Impressum, issue #37): linked in the footer while it is published. */
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The legal notice: a page id (GET /api/pages), or null for none',
  })
  @IsUUID('all', { message: 'Legal notice page must be the id of a page' })
  @IsString({ message: 'Legal notice page must be the id of a page' })
  @ValidateIf((_dto, value) => value !== null)
  legalNoticePage: string | null;
}

/** Any subset; an explicit null fails like a missing value would in a full form. */
export class UpdateSettingsDto extends PartialType(SiteSettingsDto, { skipNullProperties: false }) {}

/** The settings as the API answers them and the public pages read them. */
@ApiSchema({ name: 'SiteSettings' })
export class SiteSettings extends SiteSettingsDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The logo: a path on the site, e.g. /uploads/news/<name>.webp (POST /api/settings/logo); null: the default logo',
    example: '/uploads/news/x.webp',
  })
  logo: string | null;

  @ApiProperty({ type: 'integer', description: 'Moves on by one with every change; saves may send it back in If-Match (issue #36)' })
  version: number;

  @ApiProperty()
  updatedAt: Date;
}
