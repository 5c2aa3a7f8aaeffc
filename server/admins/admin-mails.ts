import { headerText, type MailContent } from '../mail/outbox.service';
import type { Role } from '../roles/permissions';

export function passwordResetMail(site: string, link: string): MailContent {
  return {
    subject: `Reset your password for ${site}`,
    text: [
      `Someone asked to reset the password of your administrator account on ${site}.`,
      '',
      'To choose a new password, open this link within an hour:',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

/** How a mail names a role: "an administrator", "an editor", "an author". */
export function aRole(role: Role): string {
  return role === 'author' ? 'an author' : role === 'editor' ? 'an editor' : 'an administrator';
}

export function invitationMail(site: string, inviter: string, link: string, role: Role = 'administrator'): MailContent {
  return {
    subject: `${headerText(inviter, 100)} invited you to administer ${site}`,
    text: [
      `${inviter} invited you to become ${aRole(role)} of ${site}.`,
      '',
      'To accept, open this link within 7 days and choose your name and password:',
      link,
      '',
      'The link works once. If you did not expect this invitation, ignore this mail.',
    ].join('\n'),
  };
}

/**
 * The security notice of a new password. A reset ends every session and removes every passkey
 * and trusted browser (whoever took the account keeps nothing); a change ends the other sessions,
 * and removes the passkeys when the admin asked for it.
 */
export function passwordChangedMail(
  site: string,
  how: 'changed' | 'reset',
  at: Date,
  address: string | null,
  { passkeysRemoved }: { passkeysRemoved: boolean },
): MailContent {
  const ended =
    how === 'reset'
      ? 'Every session of your account has been signed out, and every passkey and trusted browser of your account removed: sign in with your new password, then add your passkeys again.'
      : `Your other sessions have been signed out${passkeysRemoved ? ', and your passkeys removed' : ''}.`;
  return {
    subject: `Your password for ${site} was ${how}`,
    text: [
      `The password of your administrator account on ${site} was ${how === 'changed' ? 'changed' : 'reset through a link sent by mail'} on ${at.toUTCString()}${address ? ` from ${address}` : ''}.`,
      '',
      ended,
      '',
      'If this was not you, reset your password at once from the login screen ("Forgot password?") and tell another administrator.',
    ].join('\n'),
  };
}

/** The notice of a changed role: it holds from their next click, without signing them out. */
export function roleChangedMail(site: string, by: string, role: Role): MailContent {
  return {
    subject: `You are now ${aRole(role)} of ${site}`,
    text: [
      `${by} made you ${aRole(role)} of ${site}. It applies from your next step in the admin panel; you stay signed in.`,
      '',
      'If you did not expect this, ask another administrator.',
    ].join('\n'),
  };
}
