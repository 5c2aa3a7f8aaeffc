import type { ApiSchema } from './api';

/**
 * What the activity log's entries are about, as the API names them: the server's content kinds
 * (server/content/content-kinds.ts) and its account subjects. The trash's kinds are among them.
 */
export type Kind = ApiSchema<'ActivityKind'>;

export interface KindNames {
  /** One item, as a card heads it: "Contact message". */
  one: string;
  /** The kind as a list or a filter names it: "Contact messages". */
  many: string;
  /** What an activity sentence says before the item's label ("deleted message from “Ada”"), or null for nothing. */
  inSentence: string | null;
  /** How the sentence shows the label: quoted (a name someone typed), plain (it names a screen), or not at all. */
  label: 'quoted' | 'plain' | 'hidden';
}

/**
 * Every kind's names, in the order the activity filter offers them. Keyed by the API's enum, so a
 * kind the server adds fails the type check here until it is named.
 */
export const KIND_NAMES: Record<Kind, KindNames> = {
  services: { one: 'Service', many: 'Services', inSentence: 'service', label: 'quoted' },
  news: { one: 'News', many: 'News', inSentence: 'news', label: 'quoted' },
  pages: { one: 'Page', many: 'Pages', inSentence: 'page', label: 'quoted' },
  contactus: { one: 'Contact message', many: 'Contact messages', inSentence: 'message from', label: 'quoted' },
  admins: { one: 'Administrator', many: 'Administrators', inSentence: null, label: 'quoted' },
  session: { one: 'Session', many: 'Sign-in and sign-out', inSentence: null, label: 'hidden' },
  settings: { one: 'Settings', many: 'Settings', inSentence: null, label: 'plain' },
};
