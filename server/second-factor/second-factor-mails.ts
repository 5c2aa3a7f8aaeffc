import type { MailContent } from '../mail/outbox.service';

/** What changed: said in the subject and the body. */
export type SecondFactorChange = 'totp-on' | 'totp-off' | 'reset';

const SUBJECTS: Record<SecondFactorChange, string> = {
  'totp-on': 'Authenticator codes were turned on',
  'totp-off': 'Authenticator codes were turned off',
  reset: 'Your second factor was removed',
};

const BODIES: Record<SecondFactorChange, string> = {
  'totp-on': 'Signing in to your administrator account now asks for a code from your authenticator app after the password.',
  'totp-off': 'Signing in to your administrator account no longer asks for a code from an authenticator app.',
  reset: 'An operator removed the second factor of your administrator account from the command line (npm run admin:reset-second-factor).',
};

/** The notice an admin gets when a second factor of theirs is added or removed: if it was not them, they hear of it. */
export function secondFactorMail(site: string, change: SecondFactorChange, at: Date, address: string | null): MailContent {
  return {
    subject: `${SUBJECTS[change]} for ${site}`,
    text: [
      `${BODIES[change]}`,
      '',
      `This happened on ${at.toUTCString()}${address ? ` from ${address}` : ''}.`,
      '',
      'If this was not you, change your password at once and tell another administrator.',
    ].join('\n'),
  };
}
