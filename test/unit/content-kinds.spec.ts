import { getMetadataArgsStorage } from 'typeorm';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_KINDS,
  contentKind,
  EVERY_PUBLIC_PAGE,
  isTrashKind,
  kindList,
  labelOf,
  ownedFiles,
  publicPaths,
  TRASH_KINDS,
  trashKind,
} from '../../server/content/content-kinds';

const NOW = new Date('2026-11-26T12:00:00Z');
const article = (
  fields: Partial<{ slug: string; status: string; publishAt: Date | null; deletedAt: Date | null; photo: string | null }>,
) => ({
  slug: 'spring-sale',
  status: 'published',
  publishAt: null,
  photo: null,
  ...fields,
});

describe('the content kinds', () => {
  it("are services, news, the company's pages, contact messages and the settings, all but the settings in the trash", () => {
    expect(CONTENT_KINDS).toEqual(['services', 'news', 'pages', 'contactus', 'settings']);
    expect(TRASH_KINDS).toEqual(['services', 'news', 'pages', 'contactus']);
    expect(TRASH_KINDS.every(isTrashKind)).toBe(true);
    expect(isTrashKind('settings')).toBe(false);
    expect(isTrashKind('everything')).toBe(false);
  });

  // The trash's list and the purge job read these in SQL, the rest of the code as entity fields.
  it.each(CONTENT_KINDS)("%s: its table, label and file columns are its entity's, named alike in SQL", (kind) => {
    const { entity, table, label, files } = contentKind(kind);
    const metadata = getMetadataArgsStorage();
    expect(metadata.tables.find((entry) => entry.target === entity)?.name).toBe(table);
    for (const column of [...(label === null ? [] : [label]), ...files]) {
      const declared = metadata.columns.find((entry) => entry.target === entity && entry.propertyName === column);
      expect(declared, `${kind}.${column}`).toBeDefined();
      expect(declared!.options.name ?? column).toBe(column);
    }
  });

  it('gives every kind in the trash a label column', () => {
    expect(TRASH_KINDS.map((kind) => trashKind(kind).label)).toEqual(['title', 'title', 'title', 'name']);
  });
});

describe('labelOf', () => {
  it("names an item by its title, a message by its sender, and the settings' one row by nothing", () => {
    expect(labelOf('services', { title: 'Repairs', about: 'We fix things.' })).toBe('Repairs');
    expect(labelOf('news', { ...article({}), title: 'Spring sale' })).toBe('Spring sale');
    expect(labelOf('contactus', { name: 'Ada', msg: 'Hello' })).toBe('Ada');
    expect(labelOf('settings', { companyName: 'Acme' })).toBeNull();
  });
});

describe('ownedFiles', () => {
  it("answers an article's photo, and the settings' logo", () => {
    expect(ownedFiles('news', article({ photo: '/uploads/news/a.webp' }))).toEqual(['/uploads/news/a.webp']);
    expect(ownedFiles('settings', { logo: '/uploads/news/logo.webp' })).toEqual(['/uploads/news/logo.webp']);
  });

  it('answers nothing for an article without a photo (null, or not selected) and for kinds that own no files', () => {
    expect(ownedFiles('news', article({ photo: null }))).toEqual([]);
    expect(ownedFiles('news', { id: 'x' })).toEqual([]);
    expect(ownedFiles('services', { title: 'Repairs' })).toEqual([]);
    expect(ownedFiles('contactus', { name: 'Ada' })).toEqual([]);
  });
});

describe('publicPaths', () => {
  it('puts a published article on its page, the news list, the home page, the feed and the sitemap', () => {
    expect(publicPaths('news', article({}), NOW)).toEqual(['/news/spring-sale', '/news', '/', '/news/feed.xml', '/sitemap.xml']);
  });

  it('puts an article on no page while it is a draft, not yet due or in the trash', () => {
    expect(publicPaths('news', article({ status: 'draft' }), NOW)).toEqual([]);
    expect(publicPaths('news', article({ publishAt: new Date(NOW.getTime() + 1000) }), NOW)).toEqual([]);
    expect(publicPaths('news', article({ deletedAt: NOW }), NOW)).toEqual([]);
  });

  it('puts an article due at its publishAt on its pages from that moment', () => {
    const due = article({ publishAt: NOW });
    expect(publicPaths('news', due, new Date(NOW.getTime() - 1))).toEqual([]);
    expect(publicPaths('news', due, NOW)).toContain('/news/spring-sale');
  });

  it('puts a service on the services list and the home page, unless it is in the trash', () => {
    expect(publicPaths('services', { title: 'Repairs' }, NOW)).toEqual(['/services', '/']);
    expect(publicPaths('services', { title: 'Repairs', deletedAt: NOW }, NOW)).toEqual([]);
  });

  it('puts a contact message on no page, and the settings on every page', () => {
    expect(publicPaths('contactus', { name: 'Ada' }, NOW)).toEqual([]);
    expect(publicPaths('settings', { companyName: 'Acme' }, NOW)).toEqual([EVERY_PUBLIC_PAGE]);
  });
});

describe('kindList', () => {
  it('lists kinds as a validation message says them', () => {
    expect(kindList(TRASH_KINDS)).toBe('services, news, pages or contactus');
    expect(kindList(['news', 'settings'])).toBe('news or settings');
    expect(kindList(['news'])).toBe('news');
  });
});
