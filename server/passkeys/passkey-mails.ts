import { headerText, type MailContent } from '../mail/outbox.service';

/** The security notice when a passkey is added to or removed from an admin's account. */
export function passkeyChangedMail(site: string, how: 'added' | 'removed', name: string, at: Date, address: string | null): MailContent {
  return {
    subject: `A passkey was ${how} ${how === 'added' ? 'to' : 'from'} your account on ${site}`,
    text: [
      `The passkey “${headerText(name, 100)}” was ${how} ${how === 'added' ? 'to' : 'from'} your administrator account on ${site} on ${at.toUTCString()}${address ? ` from ${address}` : ''}.`,
      '',
      how === 'added' ? 'It signs you in on its own, without your password.' : 'It no longer signs you in.',
      '',
      'If this was not you, change your password at once, remove any passkey you do not know under Your account, and tell another administrator.',
    ].join('\n'),
  };
}
