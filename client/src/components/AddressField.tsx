import type { ComponentProps } from 'react';
import { TextField } from './Field';
import './AddressField.css';

/**
 * An item's web address field (its slug), with the whole address written under it as it is typed:
 * `https://example.com/news/opening`. Left blank, the address is made from the title when saved,
 * and the line says so.
 */
export function AddressField({ base, ...field }: ComponentProps<typeof TextField> & { value: string; base: string }) {
  const slug = field.value.trim();
  return (
    <div className="address-field">
      <TextField {...field} />
      <p className="address-field__full">
        <span className="address-field__label">Address on the site: </span>
        <span className="address-field__url">
          {base}
          {slug ? <strong>{slug}</strong> : <em>made from the title when you save</em>}
        </span>
      </p>
    </div>
  );
}

/** The public site's address of a path, as a visitor types it (the site is served from the panel's own origin). */
export function siteAddress(path: string): string {
  return `${window.location.origin}${path}`;
}
