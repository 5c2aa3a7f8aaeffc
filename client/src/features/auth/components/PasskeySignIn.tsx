import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useEffect, useEffectEvent, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { usePasskeySignIn } from '../api/auth';

/** A ceremony ended by a newer one (the button, over the autofill's): nothing to tell. */
const aborted = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** What a failed sign-in says: the browser's own refusals (cancelled, timed out, not here) read as such. */
function failure(error: unknown): string {
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return 'No passkey was used: the prompt was cancelled or timed out. Try again, or log in with your password.';
  }
  // A relying party must be a domain name: at an IP address the browser refuses every passkey.
  if (error instanceof Error && error.name === 'SecurityError') {
    return 'Passkeys do not work at this address. Open the panel by its domain name, or log in with your password.';
  }
  return errorMessage(error, 'Sorry, signing in with a passkey failed. Please try again.');
}

/**
 * The login screen's passkey sign-in: "Sign in with a passkey" (the browser's prompt), and where
 * the browser supports conditional mediation, its passkeys among the email field's suggestions
 * (the field says `autocomplete="username webauthn"`). Either signs in on its own: a passkey is
 * both factors at once. The two-step sign-in's second step offers the button alone (`autofill`
 * false): a passkey completes a sign-in a password began.
 */
export function PasskeySignIn({ onSignedIn, autofill = true }: { onSignedIn: () => void; autofill?: boolean }) {
  const { mutateAsync: signIn } = usePasskeySignIn();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const signedIn = useEffectEvent(onSignedIn);

  // Autofill: waits in the background until a passkey is picked from the suggestions.
  useEffect(() => {
    if (!autofill) return;
    let active = true;
    void browserSupportsWebAuthnAutofill().then(async (supported) => {
      if (!supported || !active) return;
      try {
        await signIn({ autofill: true });
        if (active) signedIn();
      } catch (caught) {
        // Only the site's refusal of a passkey the admin picked: the browser's (none picked, not
        // available at this address) concern a request nobody made.
        if (active && caught instanceof ApiError) setError(caught);
      }
    });
    return () => {
      active = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [signIn, autofill]);

  if (!browserSupportsWebAuthn()) return null;

  const onClick = async () => {
    setBusy(true);
    setError(null);
    try {
      await signIn({ autofill: false });
      onSignedIn();
    } catch (caught) {
      if (!aborted(caught)) setError(caught);
      setBusy(false);
    }
  };

  return (
    <div className="auth__passkey">
      {error !== null && <Alert>{failure(error)}</Alert>}
      <button type="button" className="button button--block" disabled={busy} onClick={() => void onClick()}>
        {busy ? <Spinner size="small" label="Signing in with a passkey" /> : 'Sign in with a passkey'}
      </button>
    </div>
  );
}
