import { createContext, useCallback, useContext } from 'react';
import { ApiError } from './api';

/**
 * A lasting change (a passkey, authenticator codes, ending sessions) answers 403 keyed `password`
 * when the session's last confirmation is older than 5 minutes. The app provides `confirmIdentity`
 * (the auth feature's dialog: the password, or a passkey); lib and the features' API hooks only
 * know this shape, as with the sign-in-again dialog (session-end.ts).
 */
export interface ConfirmIdentity {
  /** Opens the confirmation dialog; true once confirmed, false when cancelled. */
  confirmIdentity: () => Promise<boolean>;
}

export const ConfirmIdentityContext = createContext<ConfirmIdentity | null>(null);

/** Whether the server refused a call for want of a recent confirmation (server/common/recent-confirmation.ts). */
export function needsConfirmation(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && 'password' in error.fieldErrors;
}

/**
 * Runs a call that may need a recent confirmation: on that 403 it asks for one and, confirmed,
 * runs the whole call again (a passkey's options included); cancelled, the 403 stands.
 */
export function useConfirmed(): <T>(call: () => Promise<T>) => Promise<T> {
  const context = useContext(ConfirmIdentityContext);
  return useCallback(
    async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        if (!context || !needsConfirmation(error) || !(await context.confirmIdentity())) throw error;
        return call();
      }
    },
    [context],
  );
}
