import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useNotify } from '../../../components/Toaster';
import { API_URL, errorMessage } from '../../../lib/api';
import { settingsQueries, useLogo } from '../api/settings';

/** The product's logo, which the site shows while the company has uploaded none. */
export const DEFAULT_LOGO = '/logo.svg';

/**
 * Settings' logo part: the logo shown now, a file to replace it (uploaded as soon as it is chosen,
 * through the photo pipeline: JPEG, PNG or WebP, stored square) and Remove, back to the default.
 */
export function LogoSettings() {
  const logo = useQuery(settingsQueries.current()).data?.logo ?? null;
  const { upload, remove } = useLogo();
  const notify = useNotify();
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const busy = upload.isPending || remove.isPending;

  const send = (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    upload.mutate(
      { file },
      {
        onSuccess: () => notify({ message: 'Logo saved' }),
        onError: (failure) => setError(errorMessage(failure, 'Sorry, the logo could not be saved. Please try again.')),
        onSettled: () => {
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  const clear = () => {
    setError(undefined);
    remove.mutate(undefined, {
      onSuccess: () => notify({ message: 'Logo removed' }),
      onError: (failure) => setError(errorMessage(failure, 'Sorry, the logo could not be removed. Please try again.')),
    });
  };

  return (
    <section className="panel logo-settings" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`} className="panel__title">
        Logo
      </h2>
      <p className="form__hint" id={`${id}-hint`}>
        Shown in the website’s header, as its icon in browser tabs and in this menu. JPEG, PNG or WebP; it is shown square.
      </p>
      <div className="logo-settings__row">
        <img
          className="logo-settings__current"
          src={logo ? `${API_URL}${logo}` : DEFAULT_LOGO}
          alt={logo ? 'Current logo' : 'Default logo'}
          width={64}
          height={64}
        />
        <div className="field logo-settings__pick">
          <label htmlFor={id}>{logo ? 'Replace the logo' : 'Upload a logo'}</label>
          <input
            ref={input}
            id={id}
            type="file"
            name="photo"
            accept="image/jpeg,image/png,image/webp"
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
            onChange={(event) => send(event.target.files?.[0])}
          />
        </div>
        {logo && (
          <button type="button" className="button" onClick={clear} disabled={busy}>
            Remove logo
          </button>
        )}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
