import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { useForm } from '../../../components/useForm';
import { useConfirmTotp, useSecondFactorChanged, type TotpSetup as Setup } from '../api/admins';
import './TotpSetup.css';

/** The secret in groups of four, as apps ask for it to be typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Turning authenticator codes on: the QR code and the secret (drawn by the server, nothing goes
 * to a third party), then a code from the app confirms it. `onConfirmed` gets the recovery codes.
 */
export function TotpSetup({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: Setup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTotp();
  const { bind, formError, saving, form } = useForm<{ code: string }, { recoveryCodes: string[] }>({
    initial: { code: '' },
    save: (values) => confirm.mutateAsync(values),
    onSaved: (reply) => onConfirmed(reply.recoveryCodes),
    fallback: 'Sorry, authenticator codes could not be turned on. Please try again.',
    ask: false,
    signInAgain: true,
  });

  return (
    <div className="totp-setup">
      <ol className="totp-setup__steps">
        <li>
          <p>Scan this QR code with an authenticator app on your phone (any app for time-based codes).</p>
          <img className="totp-setup__qr" src={setup.qrCode} alt="QR code to scan with your authenticator app" width={200} height={200} />
          <p>
            Cannot scan it? Enter this key in the app instead: <code className="totp-setup__secret">{grouped(setup.secret)}</code>
          </p>
        </li>
        <li>
          <form {...form} className="form">
            <p>Enter the 6-digit code the app shows now.</p>
            {formError && <Alert>{formError}</Alert>}
            <TextField
              label="Code from the app"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              {...bind('code')}
              autoFocus
            />
            <div className="form__actions">
              <button type="submit" className="button button--primary" disabled={saving}>
                {saving ? <Spinner size="small" label="Turning on" /> : 'Turn on'}
              </button>
              <button type="button" className="button" onClick={onCancel} disabled={saving}>
                Cancel
              </button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

/** The recovery codes, shown once: a list, a text file to download, and Done (which reads the status again). */
export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const changed = useSecondFactorChanged();
  const file = [
    `Recovery codes for ${email}`,
    'Each signs you in once instead of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
  return (
    <div className="totp-setup">
      <Alert kind="success">Authenticator codes are on.</Alert>
      <h3>Your recovery codes</h3>
      <p>
        If you lose your phone, each of these codes signs you in once instead of a code from the app. Keep them somewhere safe: they are not
        shown again.
      </p>
      <ul className="totp-setup__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="form__actions">
        <a className="button" href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`} download="recovery-codes.txt">
          Download as a text file
        </a>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            onDone();
            void changed();
          }}
        >
          I have saved them
        </button>
      </div>
    </div>
  );
}
