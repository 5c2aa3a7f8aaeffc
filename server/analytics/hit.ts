import { createHmac, type KeyObject } from 'node:crypto';
import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';

/*
 * The pure parts of counting a page view: who the visitor is (a keyed hash, never the address or
 * the User-Agent themselves), whether the request is a person's view at all, what the beacon's
 * body says, and the browser, system and device a User-Agent names.
 */

/** The longest path counted; a longer one (or one not starting with '/') is junk. */
export const MAX_PATH_LENGTH = 300;
/** A referrer host, a UTM value: longer ones are cut. */
const MAX_VALUE_LENGTH = 100;

/**
 * The visitor's id for one day: HMAC-SHA256 under that day's random salt of the site, the address
 * and the User-Agent, cut to 64 bits (a signed bigint, as PostgreSQL stores it). Without the salt,
 * which is deleted after 48 hours, the id leads back to no one; the next day the same person has
 * another id. 64 bits make a collision between two of a day's visitors unlikely below billions.
 */
export function visitorId(salt: Buffer | KeyObject, site: string, address: string, userAgent: string): bigint {
  const digest = createHmac('sha256', salt).update(`${site}\n${address}\n${userAgent}`).digest();
  return digest.readBigInt64BE(0);
}

/** What a request looks like, as far as telling people from machines goes. */
export interface RequestTraits {
  method: string;
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
  /** `Sec-Purpose` or `Purpose` (older Chrome, Safari): `prefetch` or `prefetch;prerender`. */
  purpose: string | undefined;
}

/** User-Agents whose isbot verdict is remembered: a few browsers' versions make most views. */
const KNOWN_AGENTS = 1000;
const botAgents = new Map<string, boolean>();

/** isbot, remembered: its pattern of several hundred alternatives costs more per view than the rest of the checks. */
function isBotAgent(userAgent: string): boolean {
  let bot = botAgents.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (botAgents.size >= KNOWN_AGENTS) botAgents.clear();
    botAgents.set(userAgent, bot);
  }
  return bot;
}

/**
 * Why a request is not a person's page view, or null when it is: a bot by the maintained list
 * (isbot), a HEAD (link checkers, monitors), a prefetch (the view may never happen; a prerendered
 * page that is shown runs the beacon then), or no Accept-Language (every browser sends one, most
 * scripts do not).
 */
export function notAPerson(traits: RequestTraits): 'bot' | 'head' | 'prefetch' | 'no-language' | null {
  if (traits.method === 'HEAD') return 'head';
  if (!traits.userAgent || isBotAgent(traits.userAgent)) return 'bot';
  if (traits.purpose !== undefined && /prefetch/i.test(traits.purpose)) return 'prefetch';
  if (!traits.acceptLanguage) return 'no-language';
  return null;
}

/** The beacon's body, checked: what is kept of a view besides who and when. */
export interface BeaconFields {
  path: string;
  /** The referring page's host, lower-cased; '' for none. */
  referrer: string;
  /** `source / medium / campaign` from the UTM parameters present; '' for none. */
  campaign: string;
  /** The screen's width in CSS pixels, or null when not sent. */
  width: number | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, MAX_VALUE_LENGTH) : '');

/**
 * A page's path as counted: from the first '/', without query or fragment, at most
 * MAX_PATH_LENGTH characters; null for anything else (junk, dropped without an error).
 */
export function countedPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_PATH_LENGTH) return null;
  const path = value.split(/[?#]/)[0];
  // Control characters (a NUL among them) have no place in a path, and PostgreSQL refuses a NUL in text.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  return /[\u0000-\u001f\u007f]/.test(path) ? null : path;
}

/** A referrer as the beacon sends it (a host) or as a Referer header gives it (a URL): its host, or ''. */
export function referrerHost(value: unknown): string {
  const raw = text(value).toLowerCase();
  if (raw === '') return '';
  try {
    return new URL(raw.includes('://') ? raw : `https://${raw}`).host;
  } catch {
    return '';
  }
}

/**
 * The beacon's JSON (its text, or already parsed when sent as application/json), checked field by
 * field: null when it is not a JSON object or has no countable path. Unknown fields are ignored.
 */
export function parseBeacon(body: unknown): BeaconFields | null {
  let data: unknown = body;
  if (typeof body === 'string') {
    try {
      data = JSON.parse(body);
    } catch {
      return null;
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const fields = data as Record<string, unknown>;
  const path = countedPath(fields.path);
  if (path === null) return null;
  const width =
    typeof fields.width === 'number' && Number.isInteger(fields.width) && fields.width > 0 && fields.width < 100_000 ? fields.width : null;
  return {
    path,
    referrer: referrerHost(fields.referrer),
    campaign: campaignOf(text(fields.utm_source), text(fields.utm_medium), text(fields.utm_campaign)),
    width,
  };
}

/** The UTM parameters present, as one value: `newsletter / email / spring`. */
export function campaignOf(source: string, medium: string, campaign: string): string {
  return [source, medium, campaign].filter((part) => part !== '').join(' / ');
}

/** The screen's width as a size class (the width itself would help tell visitors apart). */
export function screenSize(width: number | null): string {
  if (width === null) return '';
  if (width < 576) return 'Phone (< 576 px)';
  if (width < 992) return 'Tablet (576–991 px)';
  if (width < 1440) return 'Laptop (992–1439 px)';
  return 'Desktop (≥ 1440 px)';
}

/** What a User-Agent names: browser and system without versions, and the device's kind. */
export interface Software {
  browser: string;
  system: string;
  device: 'Desktop' | 'Mobile' | 'Tablet' | 'Other';
}

/** Browser, system and device type by ua-parser-js (v1, MIT); unknown parts are ''. A desktop UA names no device type. */
export function softwareOf(userAgent: string): Software {
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const type = device.type;
  return {
    browser: (browser.name ?? '').replace(/^Mobile /, ''),
    system: os.name ?? '',
    device: type === 'mobile' ? 'Mobile' : type === 'tablet' ? 'Tablet' : type === undefined ? 'Desktop' : 'Other',
  };
}
