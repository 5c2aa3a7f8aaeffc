import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type ApiBody, type ApiSchema } from '../../../lib/api';
import { keepBrowserUncounted } from '../../../lib/counts-off';

export type Admin = ApiSchema<'Admin'>;
/** What the signed-in admin's role may do (lib/can.tsx reads it). */
type Can = NonNullable<ApiSchema<'SessionReply'>['can']>;
/**
 * The session's admin as the panel keeps it: with their role's `can` flags once GET
 * /api/admins/me has answered (a sign-in's reply has none: the session is read again after it).
 */
export type SessionAdmin = Admin & { can?: Can };

const STORAGE_KEY = 'admin';

/**
 * The spec keeps the session's admin in local storage under `admin`; the server stays the authority.
 * Every sign-in and every panel load while signed in passes here, so it also keeps this browser
 * out of the visitor counts.
 */
function storeAdmin(admin: Admin | null): void {
  if (admin) keepBrowserUncounted();
  try {
    if (admin) localStorage.setItem(STORAGE_KEY, JSON.stringify(admin));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode, quota); the session cookie still works.
  }
}

/** Whether this browser last knew of a logged-in admin (the screens for guests need not wait for the check otherwise). */
export function adminRemembered(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== null;
  } catch {
    return true;
  }
}

export const authQueries = {
  all: () => ['auth'] as const,
  me: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'me'] as const,
      queryFn: async (): Promise<SessionAdmin | null> => {
        const { admin, can } = await api.get(apiPaths.me);
        storeAdmin(admin);
        return admin && { ...admin, can };
      },
      staleTime: 5 * 60 * 1000,
    }),
  /**
   * Whether a visitor may register now (REGISTRATION, and for first-admin whether an admin
   * exists), and whether the site has no administrator yet (then the panel opens Register).
   */
  registration: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'registration'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.register, undefined, signal),
    }),
  /** Whether "Forgot password?" can work: mail is on. */
  passwordReset: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'password-reset'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.passwordReset, undefined, signal),
      staleTime: 5 * 60 * 1000,
    }),
};

/** Forgets the admin (the session is gone): the route guards then show the login screen. */
export function forgetAdmin(queryClient: QueryClient): void {
  storeAdmin(null);
  queryClient.setQueryData(authQueries.me().queryKey, null);
}

/** Set when a request met a 401 (not a logout): the login screen then says the session ended. */
let ended = false;

/** A list or a read met a 401: forget the admin; the login screen says the session ended. */
export function sessionEnded(queryClient: QueryClient): void {
  if (queryClient.getQueryData(authQueries.me().queryKey)) ended = true;
  forgetAdmin(queryClient);
}

/** Whether the last session ended by itself (idle, a password changed elsewhere), until the next login. */
export function sessionEndedByItself(): boolean {
  return ended;
}

export type Credentials = ApiSchema<'Credentials'>;
/** The login's reply: signed in, or (an admin with a second factor) the second step is needed. */
export type LoginReply = { admin: Admin } | ApiSchema<'SecondFactorRequired'>;
/** The second step's body: a code from the authenticator app, or a recovery code. */
export type SecondStep = ApiBody<'/api/admins/login/second-factor', 'post'>;

/**
 * After any sign-in (a password, a passkey, an invitation): the admin is known, and the session did
 * not end by itself. The session is read again for what the role may do, which the sign-in's reply
 * does not carry (until then the panel shows no screen that needs a rule).
 */
function signedIn(queryClient: QueryClient, admin: Admin): void {
  ended = false;
  storeAdmin(admin);
  queryClient.setQueryData(authQueries.me().queryKey, admin);
  void queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey });
}

/** A request was refused (403): the role may have changed since the session was read, so it is read again. */
export function roleMayHaveChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials): Promise<LoginReply> => api.post(apiPaths.login, credentials),
    onSuccess: (reply) => {
      if ('admin' in reply) signedIn(queryClient, reply.admin);
    },
  });
}

type PasskeyAnswer = ApiBody<'/api/admins/login/passkey', 'post'>['response'];

/**
 * The last request for sign-in options. Each waits for the one before: each answer sets the
 * cookie its challenge is kept in, and one sent before the other's cookie arrived would leave
 * one of the two answers without its challenge.
 */
let optionsRequest: Promise<unknown> = Promise.resolve();

function signInOptions() {
  const request = optionsRequest.catch(() => undefined).then(() => api.post(apiPaths.passkeySignInOptions));
  optionsRequest = request;
  return request;
}

/**
 * Signs in with a passkey: the server's options (any passkey of this site; the challenge kept in
 * a cookie), the browser's prompt, or with `autofill` the passkeys it offers in the email
 * field's suggestions (conditional mediation: it waits until one is picked), then the server's check.
 * A newer ceremony (or leaving the screen, WebAuthnAbortService) aborts a waiting one: AbortError.
 */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ autofill }: { autofill: boolean }) => {
      const optionsJSON = (await signInOptions()) as PublicKeyCredentialRequestOptionsJSON;
      const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
      return api.post(apiPaths.passkeySignIn, { response: response as PasskeyAnswer });
    },
    onSuccess: ({ admin }) => signedIn(queryClient, admin),
  });
}

/**
 * Confirms who the signed-in admin is, for a lasting change (lib/confirmation.ts): their password,
 * or with `passkey` one of their passkeys (the server's options name them; the browser's prompt).
 */
export function useConfirmIdentity() {
  return useMutation({
    mutationFn: async (input: { password: string } | { passkey: true }) => {
      if ('password' in input) return api.post(apiPaths.confirm, input);
      const optionsJSON = (await api.post(apiPaths.confirmPasskeyOptions)) as PublicKeyCredentialRequestOptionsJSON;
      const response = await startAuthentication({ optionsJSON });
      return api.post(apiPaths.confirm, { response: response as PasskeyAnswer });
    },
  });
}

/** The sign-in's second step, after a login that answered `{ twoFactor: 'required' }`. */
export function useSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecondStep) => api.post(apiPaths.loginSecondFactor, input),
    onSuccess: ({ admin }) => signedIn(queryClient, admin),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiBody<'/api/admins/register', 'post'>) => api.post(apiPaths.register, input),
    // Removed, not just made stale: a cached "no administrator yet" would send the next signed-out visit to Register.
    onSuccess: () => queryClient.removeQueries({ queryKey: authQueries.registration().queryKey }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.logout),
    onSuccess: () => {
      ended = false;
      queryClient.clear();
      forgetAdmin(queryClient);
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) => api.post(apiPaths.passwordReset, input),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) => api.post(apiPaths.passwordResetConfirm, input),
  });
}

/** The link mailed to an admin's new address: it becomes the account's email (signed in or not). */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post(apiPaths.myEmailConfirm, { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey }),
  });
}

/** Accepts an invitation: the new admin is signed in, as after a login. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; name: string; password: string }) => api.post(apiPaths.acceptInvitation, input),
    onSuccess: ({ admin }) => signedIn(queryClient, admin),
  });
}
