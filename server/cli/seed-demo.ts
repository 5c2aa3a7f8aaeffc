import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { DataSource, EntityManager } from 'typeorm';
import { runCommand, withDatabase } from './cli-database';
import { insertContactMessages } from './demo-contact-messages';
import { slugOf } from '../common/slug';
import { smallerCopies } from '../news/photos/photo-processor';

/*
 * `npm run seed:demo`: fills an EMPTY database with demo services, news articles (with generated
 * photos) and contact messages, so the admin screens have something to show. It never touches a
 * database that already holds any of these. The inserts are plain SQL against the tables'
 * columns, so this script does not depend on the resources' code.
 */

const TABLES = ['services', 'news', 'contact_messages'] as const;

const SERVICES: { title: string; about: string }[] = [
  {
    title: 'Website design',
    about: 'Clean, fast websites that work on every screen.\nWe start from what your visitors need and build only that.',
  },
  {
    title: 'Hosting and maintenance',
    about: 'We keep your site online, patched and backed up, and we answer when something goes wrong.',
  },
  {
    title: 'Search engine optimisation',
    about: 'Clear structure, honest content and fast pages: the basics that help people find you.',
  },
  {
    title: 'Training',
    about: 'Half-day workshops for your team on editing the site, writing for the web and reading the statistics.',
  },
];

const NEWS: { title: string; description: string; about: string; colours: [string, string, string] }[] = [
  {
    title: 'We moved to a new office',
    description: 'More room, more light, and a meeting room you can actually book.',
    about:
      'After five years above the bakery we have moved two streets down, to 12 Harbour Lane.\n\nVisitors are welcome from Monday to Friday, 9 to 5.',
    colours: ['#1f5fbf', '#6fb1fc', '#ffd166'],
  },
  {
    title: 'Our spring workshop dates',
    description: 'Three new dates for the half-day editing workshop.',
    about: 'The workshop covers editing pages, adding news and keeping photos small.\n\nPlaces are limited to eight people per session.',
    colours: ['#2a9d8f', '#e9c46a', '#f4a261'],
  },
  {
    title: 'Faster pages for every customer',
    description: 'We upgraded our hosting platform; most sites now load twice as fast.',
    about: 'Every site we host now runs on the new platform. Nothing changes for you, except that pages arrive sooner.',
    colours: ['#7b2cbf', '#c77dff', '#48cae4'],
  },
  {
    title: 'Welcome, Priya',
    description: 'Priya joins the team as a front-end developer.',
    about: 'Priya spent six years building accessible interfaces for public services. Say hello at the next workshop!',
    colours: ['#e63946', '#f1faee', '#457b9d'],
  },
  {
    title: 'Holiday opening hours',
    description: 'We close between Christmas and New Year; emergencies are still answered.',
    about: 'The office is closed from 24 December to 1 January.\nFor an outage, call the emergency number in your contract.',
    colours: ['#264653', '#2a9d8f', '#e76f51'],
  },
  {
    title: 'A new look for our own site',
    description: 'We finally practised what we preach.',
    about: 'Our own website had become the cobbler’s children’s shoes. It is now lighter, clearer and easier to read on a phone.',
    colours: ['#ff006e', '#fb5607', '#ffbe0b'],
  },
];

/** A colourful 1200×675 WebP: a diagonal gradient with a few soft shapes (no text, so no fonts needed). */
function photoSvg([a, b, c]: [string, string, string], seed: number): string {
  const circles = Array.from({ length: 5 }, (_, i) => {
    const x = (seed * 173 + i * 271) % 1200;
    const y = (seed * 97 + i * 151) % 675;
    const r = 60 + ((seed * 31 + i * 47) % 160);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? c : '#ffffff'}" fill-opacity="${0.18 + (i % 3) * 0.1}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="1200" height="675" fill="url(#g)"/>${circles}
    <rect x="${180 + seed * 40}" y="420" width="360" height="120" rx="24" fill="${c}" fill-opacity="0.55" transform="rotate(-8 600 480)"/>
  </svg>`;
}

function ago(hours: number): Date {
  return new Date(Date.now() - hours * 3600 * 1000);
}

async function rowCounts(db: DataSource | EntityManager): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const rows: { n: number }[] = await db.query(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = rows[0].n;
  }
  return counts;
}

function isEmpty(counts: Record<string, number>): boolean {
  return Object.values(counts).every((n) => n === 0);
}

function describe(counts: Record<string, number>): string {
  return `${counts.services} services, ${counts.news} news articles, ${counts.contact_messages} contact messages`;
}

/** The demo's page of its own (issue #37). */
const ABOUT_US = {
  title: 'About us',
  description: 'Who we are, how we started and how we work.',
  body: '## Who we are\n\nA small team that has looked after local businesses since 2009.\n\n## How we work\n\n- We answer every message within a working day.\n- We quote before we start, and we keep to it.',
};

class NotEmpty extends Error {}

async function insertAll(manager: EntityManager, photos: string[]): Promise<void> {
  for (const [i, service] of SERVICES.entries()) {
    const at = ago(24 * (40 - i * 7));
    await manager.query(`INSERT INTO services (id, title, about, created_at, updated_at) VALUES (gen_random_uuid(), $1, $2, $3, $3)`, [
      service.title,
      service.about,
      at,
    ]);
  }
  for (const [i, article] of NEWS.entries()) {
    const at = ago(24 * (30 - i * 5) + 3);
    await manager.query(
      `INSERT INTO news (id, title, slug, description, about, photo, photo_width, photo_height, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, 1200, 675, $6, $6)`,
      [article.title, slugOf(article.title), article.description, article.about, photos[i], at],
    );
  }
  // One of the company's own pages (issue #37), at /about-us; the menus stay today's links until an admin adds it.
  await manager.query(
    `INSERT INTO pages (id, title, slug, description, body, created_at, updated_at) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $5)`,
    [ABOUT_US.title, slugOf(ABOUT_US.title), ABOUT_US.description, ABOUT_US.body, ago(24 * 45)],
  );
  const messages = insertContactMessages(30, { secondsApart: 17 * 3600 });
  await manager.query(messages.sql, messages.parameters);
}

async function main(): Promise<number> {
  return withDatabase(async (dataSource, config) => {
    const written: string[] = [];
    try {
      const missing: { table: string }[] = await dataSource.query(
        `SELECT t AS table FROM unnest($1::text[]) AS t WHERE to_regclass('public.' || t) IS NULL`,
        [TABLES],
      );
      if (missing.length > 0) {
        console.error(`Nothing seeded: the table(s) ${missing.map((m) => m.table).join(', ')} do not exist. Is this build complete?`);
        return 1;
      }
      const before = await rowCounts(dataSource);
      if (!isEmpty(before)) {
        console.log(`Nothing seeded: the database already holds ${describe(before)}. seed:demo only fills an empty one.`);
        return 0;
      }

      // The photos are written first; if the inserts fail they are removed again.
      const uploads = join(config.dataDir, 'uploads', 'news');
      mkdirSync(uploads, { recursive: true });
      const photos: string[] = [];
      for (const [i, article] of NEWS.entries()) {
        const id = randomUUID();
        const largest = await sharp(Buffer.from(photoSvg(article.colours, i + 1)))
          .webp({ quality: 80 })
          .toBuffer();
        // Every size an upload stores: the largest and its 480 and 960 px copies.
        for (const [name, data] of [
          [`${id}.webp`, largest],
          ...(await smallerCopies(largest, 1200)).map((copy) => [`${id}-${copy.width}.webp`, copy.data] as const),
        ] as const) {
          const file = join(uploads, name);
          written.push(file);
          writeFileSync(file, data);
        }
        photos.push(`/uploads/news/${id}.webp`);
      }

      await dataSource.transaction(async (manager) => {
        // Two seeds at once, or the app taking its first message meanwhile: check again under a lock.
        await manager.query(`LOCK TABLE ${TABLES.join(', ')} IN SHARE ROW EXCLUSIVE MODE`);
        if (!isEmpty(await rowCounts(manager))) throw new NotEmpty();
        await insertAll(manager, photos);
      });
      console.log(`Seeded ${describe(await rowCounts(dataSource))}; photos in ${uploads}.`);
      return 0;
    } catch (error) {
      for (const file of written) rmSync(file, { force: true });
      if (error instanceof NotEmpty) {
        console.log('Nothing seeded: the database stopped being empty while seeding.');
        return 0;
      }
      throw error;
    }
  });
}

runCommand(main);
