import { KIND_NAMES, type Kind } from './content-kinds';

/**
 * How an activity entry reads, shared by the Activity screen and the dashboard's recent activity
 * (features do not import each other). The shape is the API's activity entry.
 */
export interface ActivityText {
  admin: { id: string; name: string | null } | null;
  action: string;
  kind: Kind;
  label: string | null;
}

const ACTIONS: Record<string, string> = {
  'sign-in': 'signed in with a password',
  'sign-in-code': 'signed in with a password and an authenticator code',
  'sign-in-recovery-code': 'signed in with a password and a recovery code',
  'sign-in-passkey': 'signed in with a passkey',
  'sign-in-failed': 'failed to sign in',
  'sign-out': 'signed out',
  'end-session': 'ended one of their sessions',
  'end-other-sessions': 'signed out everywhere else',
  'end-admin-sessions': 'ended every session of',
  add: 'added administrator',
  remove: 'removed administrator',
  password: 'changed the password of',
  'password-reset-request': 'asked for a password reset for',
  'password-reset': 'reset the password of',
  invite: 'invited',
  'revoke-invitation': 'revoked the invitation of',
  'accept-invitation': 'accepted an invitation as',
  'totp-on': 'turned on authenticator codes',
  'totp-off': 'turned off authenticator codes',
  'second-factor-reset': 'had their second factor removed from the command line',
  'passkey-add': 'added passkey',
  'passkey-remove': 'removed passkey',
  'role-administrator': 'gave the administrator role to',
  'role-editor': 'gave the editor role to',
  'role-author': 'gave the author role to',
  create: 'created',
  edit: 'edited',
  delete: 'deleted',
  restore: 'restored',
  purge: 'deleted forever',
  submit: 'submitted for review',
  return: 'sent back',
};

/** Field names as the forms label them, where the API's name is not already a word. */
export const FIELD_NAMES: Record<string, string> = { companyName: 'company name', maintenance: 'maintenance mode' };

/** "Ada created service “Spring sale”", "Ada edited Site settings", "Someone failed to sign in". */
export function describeActivity(entry: ActivityText): string {
  const who = entry.admin ? (entry.admin.name ?? 'A removed administrator') : 'Someone';
  // The address is recorded only when it is an administrator's.
  if (entry.action === 'password-reset-request' && !entry.label) return `${who} asked for a password reset for an unknown address`;
  const action = ACTIONS[entry.action] ?? entry.action;
  const names = KIND_NAMES[entry.kind];
  const label = !entry.label || names.label === 'hidden' ? '' : names.label === 'plain' ? ` ${entry.label}` : ` “${entry.label}”`;
  return `${who} ${action}${names.inSentence ? ` ${names.inSentence}` : ''}${label}`;
}
