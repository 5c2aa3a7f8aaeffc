import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { StorableText, Trim } from '../../common/validation';

/** What a menu item may lead to: one of the company's pages, one of the site's own sections, or an https:// address. */
export const TARGET_KINDS = ['page', 'home', 'services', 'news', 'contact', 'url'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
export type SectionKind = Exclude<TargetKind, 'page' | 'url'>;

export type NavTarget = { kind: 'page'; id: string } | { kind: SectionKind } | { kind: 'url'; url: string };
export interface NavItem {
  /** Stable over reorderings: a language's label for the item is kept by it (issue #41). */
  id: string;
  label: string;
  target: NavTarget;
}
export interface Navigation {
  header: NavItem[];
  footer: NavItem[];
}

/** The header holds at most this many items (the bound: a phone's menu stays short); the footer a few more. */
export const MAX_HEADER_ITEMS = 8;
export const MAX_FOOTER_ITEMS = 16;
export const MAX_LABEL_LENGTH = 40;
export const MAX_URL_LENGTH = 2000;

export const URL_MESSAGE = 'Address must be a full https:// address, such as https://example.com/jobs';

/** An absolute `https:` URL with a host and no white space: `javascript:`, `http:`, `data:` and the rest are refused. */
export function isHttpsUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value) || !/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const HttpsUrl = () => ValidateBy({ name: 'httpsUrl', validator: { validate: isHttpsUrl, defaultMessage: () => URL_MESSAGE } });

@ApiSchema({ name: 'NavigationTargetInput' })
export class NavTargetDto {
  @ApiProperty({ enum: TARGET_KINDS })
  @IsIn(TARGET_KINDS, { message: 'Target must be a page, home, services, news, contact or url' })
  kind: TargetKind;

  @ApiPropertyOptional({ format: 'uuid', description: 'With kind `page`: the page' })
  @IsUUID('all', { message: 'Page must be the id of a page' })
  @IsNotEmpty({ message: 'Page is required' })
  @ValidateIf((target: NavTargetDto) => target.kind === 'page')
  id?: string;

  @ApiPropertyOptional({ maxLength: MAX_URL_LENGTH, description: 'With kind `url`: an https:// address (any other scheme is refused)' })
  @HttpsUrl()
  @MaxLength(MAX_URL_LENGTH, { message: `Address must be at most ${MAX_URL_LENGTH} characters` })
  @IsString({ message: URL_MESSAGE })
  @IsNotEmpty({ message: 'Address is required' })
  @ValidateIf((target: NavTargetDto) => target.kind === 'url')
  @Trim()
  url?: string;
}

@ApiSchema({ name: 'NavigationItemInput' })
export class NavItemDto {
  @ApiPropertyOptional({
    format: 'uuid',
    description: "The item's id as read: kept, with the item's translated labels (issue #41); absent for a new item, which gets one",
  })
  @IsUUID('all', { message: 'Id must be the id of a menu item' })
  @IsOptional()
  id?: string;

  @ApiProperty({ minLength: 1, maxLength: MAX_LABEL_LENGTH })
  @MaxLength(MAX_LABEL_LENGTH, { message: `Label must be at most ${MAX_LABEL_LENGTH} characters` })
  @StorableText('Label')
  @IsString({ message: 'Label must be text' })
  @IsNotEmpty({ message: 'Label is required' })
  @Trim()
  label: string;

  @ApiProperty({ type: NavTargetDto })
  @ValidateNested()
  @Type(() => NavTargetDto)
  @IsObject({ message: 'Target is required' })
  target: NavTargetDto;
}

/** PUT /api/settings/navigation: both menus, each in its order. */
@ApiSchema({ name: 'NavigationInput' })
export class NavigationDto {
  @ApiProperty({ type: [NavItemDto], maxItems: MAX_HEADER_ITEMS })
  @ValidateNested({ each: true })
  @Type(() => NavItemDto)
  @ArrayMaxSize(MAX_HEADER_ITEMS, { message: `The header menu has room for at most ${MAX_HEADER_ITEMS} items` })
  @IsArray({ message: 'Header must be a list of menu items' })
  header: NavItemDto[];

  @ApiProperty({ type: [NavItemDto], maxItems: MAX_FOOTER_ITEMS })
  @ValidateNested({ each: true })
  @Type(() => NavItemDto)
  @ArrayMaxSize(MAX_FOOTER_ITEMS, { message: `The footer menu has room for at most ${MAX_FOOTER_ITEMS} items` })
  @IsArray({ message: 'Footer must be a list of menu items' })
  footer: NavItemDto[];
}

/** Where a page target stands: a visitor sees it (published), or not (draft, scheduled, in the trash, or gone). */
export const PAGE_STATES = ['published', 'draft', 'scheduled', 'trash', 'missing'] as const;
export type PageState = (typeof PAGE_STATES)[number];

@ApiSchema({ name: 'NavigationTarget' })
export class NavTargetReply {
  @ApiProperty({ enum: TARGET_KINDS })
  kind: TargetKind;

  @ApiPropertyOptional({ format: 'uuid' })
  id?: string;

  @ApiPropertyOptional()
  url?: string;
}

@ApiSchema({ name: 'NavigationPage' })
export class NavPageReply {
  @ApiProperty({ type: String, nullable: true, description: "The page's title (null when it is gone)" })
  title: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Its address, /<slug> (null when it is gone)' })
  slug: string | null;

  @ApiProperty({ enum: PAGE_STATES, description: 'Only a published (and due) page is linked on the site' })
  state: PageState;
}

@ApiSchema({ name: 'NavigationItem' })
export class NavItemReply {
  @ApiProperty({ format: 'uuid', description: "Stable over reorderings: the key of the item's labels in other languages" })
  id: string;

  @ApiProperty()
  label: string;

  @ApiProperty({ type: NavTargetReply })
  target: NavTarget;

  @ApiProperty({
    description:
      'Whether the site shows the item now: false for a page that is a draft, scheduled, in the trash or gone (the site leaves such an item out of its menu, never linking a 404)',
  })
  available: boolean;

  @ApiProperty({ type: NavPageReply, nullable: true, description: 'For a page target: the page as it stands; else null' })
  page: NavPageReply | null;
}

@ApiSchema({ name: 'Navigation' })
export class NavigationReply {
  @ApiProperty({ type: [NavItemReply] })
  header: NavItemReply[];

  @ApiProperty({ type: [NavItemReply] })
  footer: NavItemReply[];
}
