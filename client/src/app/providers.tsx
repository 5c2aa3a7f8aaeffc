import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/Toaster';
import { roleMayHaveChanged, sessionEnded } from '../features/auth/api/auth';
import { ConfirmIdentityProvider } from '../features/auth/components/ConfirmIdentity';
import { SignInAgainProvider } from '../features/auth/components/SignInAgain';
import { createQueryClient } from '../lib/query-client';

/**
 * A 401 from a list or a read forgets the admin, through the auth feature's own query key; a form's
 * save signs in again in place; a lasting change asks for a recent confirmation in place. A 403
 * reads the session again: the admin's role may have changed.
 */
const queryClient = createQueryClient(sessionEnded, roleMayHaveChanged);

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SignInAgainProvider>
          <ConfirmIdentityProvider>{children}</ConfirmIdentityProvider>
        </SignInAgainProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
