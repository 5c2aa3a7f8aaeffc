import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { StorableText, Trim } from '../../common/validation';
import { MAX_LABEL_LENGTH } from './navigation.dto';

/** The default language and up to this many more. */
export const MORE_LANGUAGES = 5;
export const TEXT_DIRECTIONS = ['ltr', 'rtl'] as const;
export type TextDirection = (typeof TEXT_DIRECTIONS)[number];

/**
 * The BCP 47 codes a language may have: a language (2 or 3 letters), then optionally a script
 * (4 letters) and a region (2 letters or 3 digits), as Intl writes them canonically (`de`,
 * `pt-BR`, `zh-Hant-TW`, `es-419`). Enough for a website's languages, and a code of this shape can
 * never be one of the site's own first path segments (news, services, contact, …), since it is
 * also the prefix of the language's addresses.
 */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-(?:[A-Z]{2}|\d{3}))?$/;

/** The code as Intl writes it (`DE-at` → `de-AT`), or null when it is no BCP 47 language tag. */
export function canonicalCode(code: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(code);
    return canonical !== undefined && LANGUAGE_CODE.test(canonical) ? canonical : null;
  } catch {
    return null;
  }
}

const CODE_MESSAGE = 'Code must be a BCP 47 language code such as de, fr-CA or zh-Hant';

/** One of the site's languages. */
@ApiSchema({ name: 'SiteLanguageInput' })
export class LanguageDto {
  @ApiProperty({ description: 'A BCP 47 language code (language, optional script and region): the prefix of its addresses', example: 'de' })
  @ValidateBy(
    { name: 'languageCode', validator: { validate: (value) => typeof value === 'string' && canonicalCode(value) !== null } },
    { message: CODE_MESSAGE },
  )
  @IsString({ message: CODE_MESSAGE })
  @IsNotEmpty({ message: 'Code is required' })
  @Trim()
  code: string;

  @ApiProperty({ minLength: 1, maxLength: 50, description: 'Its name, as the language switcher shows it', example: 'Deutsch' })
  @MaxLength(50, { message: 'Name must be at most 50 characters' })
  @StorableText('Name')
  @IsString({ message: 'Name must be text' })
  @IsNotEmpty({ message: 'Name is required' })
  @Trim()
  name: string;

  @ApiProperty({ enum: TEXT_DIRECTIONS, description: 'Left to right or right to left' })
  @IsIn(TEXT_DIRECTIONS, { message: 'Direction must be ltr or rtl' })
  dir: TextDirection;

  @ApiProperty({ description: 'Off: its pages are not served and not linked' })
  @IsBoolean({ message: 'Enabled must be true or false' })
  enabled: boolean;

  @ApiProperty({ description: "The default language: today's addresses, without a prefix; exactly one" })
  @IsBoolean({ message: 'Default must be true or false' })
  default: boolean;
}

/** `{ languages }`: the default language and up to 5 more. */
@ApiSchema({ name: 'SiteLanguagesInput' })
export class LanguagesDto {
  @ApiProperty({ type: [LanguageDto], minItems: 1, maxItems: MORE_LANGUAGES + 1 })
  @ValidateNested({ each: true, message: 'Each language must be { code, name, dir, enabled, default }' })
  @Type(() => LanguageDto)
  @ArrayMaxSize(MORE_LANGUAGES + 1, { message: `Languages must be the default and at most ${MORE_LANGUAGES} more` })
  @ArrayNotEmpty({ message: 'Languages must name the default language' })
  @IsArray({ message: 'Languages must be a list of { code, name, dir, enabled, default }' })
  languages: LanguageDto[];
}

/** A language as the API answers it. */
@ApiSchema({ name: 'SiteLanguage' })
export class SiteLanguageReply extends LanguageDto {
  @ApiProperty({
    description: "True: the site's fixed words (menus, buttons) are shown in English, having no catalog of this language's own",
  })
  fallback: boolean;
}

@ApiSchema({ name: 'SiteLanguages' })
export class LanguagesReply {
  @ApiProperty({ type: [SiteLanguageReply], description: 'The default language first' })
  languages: SiteLanguageReply[];
}

/** A language's menu labels, by menu item id (`GET /api/settings/navigation` answers the ids). */
export type MenuLabels = Record<string, string>;

const MENU_LABELS_DOC = {
  type: 'object',
  additionalProperties: { type: 'string', maxLength: MAX_LABEL_LENGTH },
  example: { '3f1c5a4e-8d2b-4c1a-9e3f-1a2b3c4d5e6f': 'Neuigkeiten' },
} as const;

/** The company's name and tagline in one language, and its labels of the header's and footer's items. */
@ApiSchema({ name: 'SiteTranslationInput' })
export class SiteTranslationDto {
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

  @ApiPropertyOptional({
    ...MENU_LABELS_DOC,
    description:
      "The menus' labels in this language by menu item id: an empty label shows the default language's; an id no menu has is ignored. Absent: the labels saved before are kept",
  })
  @ValidateBy(
    {
      name: 'menuLabels',
      validator: { validate: (value) => Object.values(value as object).every((label) => typeof label === 'string') },
    },
    { message: 'Menu labels must be texts by menu item id' },
  )
  @IsObject({ message: 'Menu labels must be texts by menu item id' })
  @IsOptional()
  menuLabels?: MenuLabels;
}

@ApiSchema({ name: 'SiteTranslation' })
export class SiteTranslationReply {
  @ApiProperty({ example: 'de' })
  lang: string;

  @ApiProperty({ description: 'Empty while untranslated: the pages show the default name' })
  companyName: string;

  @ApiProperty({ description: 'Empty while untranslated' })
  tagline: string;

  @ApiProperty({
    ...MENU_LABELS_DOC,
    description: "Every menu item's label in this language by its id, empty while untranslated (the site shows the default label)",
  })
  menuLabels: MenuLabels;

  @ApiProperty({
    description: 'The default-language name, tagline or a translated menu label has changed since this translation was saved',
  })
  outdated: boolean;
}
