/**
 * The one definition of who may do what (issue #39's table). The server's guard (RulesGuard), the
 * services' own checks and the panel (through GET /api/admins/me's `can`) all read this map; nothing
 * else restates it. A new permission is a line in PERMISSIONS; a new role a column of it.
 */

export const ROLES = ['administrator', 'editor', 'author'] as const;
export type Role = (typeof ROLES)[number];

/** What a role may do, `<subject>.<action>`, and which roles may. */
const RULES = {
  // News and pages (issue #37's kind, same rules): create; edit own unpublished items and drafts; see their history.
  'news.write': ['administrator', 'editor', 'author'],
  // Edit anyone's; publish, schedule, unpublish; restore live; pin a revision.
  'news.publish': ['administrator', 'editor'],
  'pages.write': ['administrator', 'editor', 'author'],
  'pages.publish': ['administrator', 'editor'],
  // Services: an author reads them.
  'services.read': ['administrator', 'editor', 'author'],
  'services.write': ['administrator', 'editor'],
  // The site's settings as the panel's frame shows them (the company's name): everyone signed in.
  'settings.read': ['administrator', 'editor', 'author'],
  // Trash and restore content; the Trash screen.
  'trash.manage': ['administrator', 'editor'],
  // Empty the trash (delete for good).
  'trash.purge': ['administrator'],
  // Contact messages: read, mark, delete, export.
  'contactus.manage': ['administrator', 'editor'],
  // Visitor counts, the dashboard's site figures.
  'analytics.read': ['administrator', 'editor'],
  // The Activity screen.
  'activity.read': ['administrator', 'editor'],
  // Settings, brand, mail settings, the maintenance switch.
  'settings.manage': ['administrator'],
  // Accounts: invite with a role, change a role, remove, reset a second factor, end their sessions.
  'admins.manage': ['administrator'],
  // The public site at its preview address (issue #42): drafts, schedules, unpublished changes, during maintenance too.
  'site.preview': ['administrator', 'editor', 'author'],
  // The dashboard (its site figures, messages and activity only with the permissions above).
  'dashboard.read': ['administrator', 'editor', 'author'],
  // Their own account: name, password, second factor, passkeys, sessions; the dashboard itself.
  'account.own': ['administrator', 'editor', 'author'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof RULES;
export const PERMISSIONS = Object.keys(RULES) as Permission[];

/** The content kinds that are written by authors and published by editors (the review flow's kinds). */
export const REVIEWED_KINDS = ['news', 'pages'] as const;
export type ReviewedKind = (typeof REVIEWED_KINDS)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function may(role: Role, permission: Permission): boolean {
  return (RULES[permission] as readonly Role[]).includes(role);
}

/**
 * The rules a guard cannot see, for an item of a reviewed kind (news, pages): whoever may publish
 * edits anything; anyone else only their own items (`createdBy`; none: nobody's) while they are
 * unpublished, and never sets them live (`status: published`, `publishAt`). Answers the 403's
 * field error, or null when the change may go ahead.
 */
export function editRefusal(
  role: Role,
  rules: KindRules,
  actorId: string,
  item: { createdBy: string | null; status?: string } | null,
  change: { status?: unknown; publishAt?: unknown } = {},
): { field: string; msg: string } | null {
  if (may(role, rules.publish)) return null;
  if (change.status === 'published') return { field: 'status', msg: AUTHOR_PUBLISH };
  if (change.publishAt !== undefined && change.publishAt !== null) return { field: 'publishAt', msg: AUTHOR_SCHEDULE };
  if (item && item.createdBy !== actorId) return { field: 'id', msg: NOT_YOURS };
  if (item && item.status === 'published') return { field: 'status', msg: PUBLISHED_BY_EDITORS };
  return null;
}

export const AUTHOR_PUBLISH = 'An editor publishes it: submit it for review instead.';
export const AUTHOR_SCHEDULE = 'An editor schedules it: submit it for review instead.';
export const NOT_YOURS = 'You can change only what you created.';
export const PUBLISHED_BY_EDITORS = 'It is published: change its draft and submit it for review.';

/** Every permission with whether the role has it: GET /api/admins/me's `can`, what the panel reads. */
export function permissionsOf(role: Role | null): Record<Permission, boolean> {
  return Object.fromEntries(PERMISSIONS.map((permission) => [permission, role !== null && may(role, permission)])) as Record<
    Permission,
    boolean
  >;
}

/** An actor's role: a request's admin has one; the command line (no role) acts as an administrator. */
export function roleOf(actor: { admin: { role?: Role } }): Role {
  return actor.admin.role ?? 'administrator';
}

/** The roles that hold a permission (who gets a review mail, say). */
export function rolesWith(permission: Permission): Role[] {
  return [...RULES[permission]];
}

/** A content kind with a history and working copies: what reading, writing and publishing one needs. */
export interface KindRules {
  read: Permission;
  write: Permission;
  publish: Permission;
}

/** The rules of each kind with a history (server/revisions/history.controller.ts reads them). */
export const KIND_RULES: Record<'services' | ReviewedKind, KindRules> = {
  services: { read: 'services.read', write: 'services.write', publish: 'services.write' },
  news: { read: 'news.write', write: 'news.write', publish: 'news.publish' },
  pages: { read: 'pages.write', write: 'pages.write', publish: 'pages.publish' },
};
