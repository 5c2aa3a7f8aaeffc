import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type ApiBody, type ApiSchema } from '../../../lib/api';
import { useConfirmed } from '../../../lib/confirmation';

/** One of the signed-in admin's passkeys: its name, when it was added and last signed in. */
export type Passkey = ApiSchema<'Passkey'>;

type RegistrationResponse = ApiBody<'/api/admins/me/passkeys', 'post'>['response'];

export const passkeyQueries = {
  all: () => ['admins', 'me', 'passkeys'] as const,
  list: () =>
    queryOptions({
      queryKey: [...passkeyQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.myPasskeys, undefined, signal),
    }),
};

/**
 * Adds a passkey in the three steps WebAuthn takes: the server's options (its challenge kept in
 * the session), the browser's authenticator (which asks for a fingerprint, face or PIN), then the
 * server's check of what the authenticator made. A cancelled prompt rejects with the browser's
 * NotAllowedError.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  return useMutation({
    mutationFn: ({ name }: { name: string }) =>
      confirmed(async () => {
        const options = await api.post(apiPaths.myPasskeyOptions);
        // The API document's shape of the WebAuthn options, typed by the library as the browser's dictionaries.
        const response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
        return api.post(apiPaths.myPasskeys, { name, response: response as RegistrationResponse });
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyQueries.all() }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  return useMutation({
    mutationFn: (id: string) => confirmed(() => api.delete(apiPaths.myPasskey(id))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyQueries.all() }),
  });
}
