import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/Toaster';
import { forgetAdmin } from '../features/auth/api/auth';
import { createQueryClient } from '../lib/query-client';

/** A 401 from any request forgets the admin, through the auth feature's own query key. */
const queryClient = createQueryClient(forgetAdmin);

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
