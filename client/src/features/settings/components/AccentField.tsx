import { useId } from 'react';

/** The colour the picker shows while the text is empty or not yet a whole colour: the site's own navy. */
const DEFAULT_ACCENT = '#1f3a5f';
const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The accent colour: typed as `#rrggbb` (empty: the default colours) or picked. The server refuses
 * a colour white text cannot be read on (under 4.5:1); its message shows under the field.
 */
export function AccentField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const id = useId();
  const describedBy = error ? `${id}-error ${id}-hint` : `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>Accent colour</label>
      <p className="form__hint" id={`${id}-hint`}>
        The website’s banner and footer, under white text: a hex colour such as #1f3a5f, dark enough for white text (contrast at least
        4.5:1). Empty: the default colours.
      </p>
      <div className="accent-field__row">
        <input
          id={id}
          name="accentColor"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={DEFAULT_ACCENT}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <input
          type="color"
          className="accent-field__picker"
          aria-label="Pick the accent colour"
          value={HEX.test(value) ? value.toLowerCase() : DEFAULT_ACCENT}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
