import { useId, useRef, type CSSProperties } from 'react';
import { isHexColour, nearestReadableShade, readableAccent } from '../../../lib/colour';

/** The colour the picker and the preview show while the text is empty or not yet a whole colour: the site's own navy. */
const DEFAULT_ACCENT = '#1f3a5f';

/**
 * The accent colour: typed as `#rrggbb` (empty: the default colours) or picked, with a live preview
 * of the website in it beside the picker. A colour too light to read (the server refuses it) gets
 * the nearest shade that reads well offered as a button, in words rather than contrast ratios.
 */
export function AccentField({
  value,
  onChange,
  error,
  companyName,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The name the preview's banner shows. */
  companyName: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const whole = isHexColour(value.trim());
  const colour = whole ? value.trim().toLowerCase() : DEFAULT_ACCENT;
  const shade = whole && !readableAccent(colour) ? nearestReadableShade(colour) : null;
  const describedBy = [error && `${id}-error`, shade && `${id}-advice`, `${id}-hint`].filter(Boolean).join(' ');

  const applyShade = (next: string) => {
    onChange(next);
    // The button goes once the colour reads well: the keyboard stays on the field.
    input.current?.focus();
  };

  return (
    <div className="field accent-field">
      <label htmlFor={id}>Accent colour</label>
      <p className="form__hint" id={`${id}-hint`}>
        One colour for the website’s banner, footer, links and buttons: a hex colour such as #1f3a5f, or pick one. Empty: the default
        colours.
      </p>
      <div className="accent-field__layout">
        <div className="accent-field__controls">
          <div className="accent-field__row">
            <input
              id={id}
              ref={input}
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
              value={colour}
              onChange={(event) => onChange(event.target.value)}
            />
          </div>
          {error && (
            <p className="field__error" id={`${id}-error`}>
              {error}
            </p>
          )}
          {shade && (
            <div className="accent-field__advice">
              <p id={`${id}-advice`}>
                {colour} is too light: links in it, and white text on it, would be hard to read. The nearest shade that reads well is{' '}
                {shade}.
              </p>
              <button type="button" className="button button--small" onClick={() => applyShade(shade)}>
                Use {shade}
              </button>
            </div>
          )}
        </div>
        <AccentPreview colour={colour} companyName={companyName} isDefault={!whole} />
      </div>
    </div>
  );
}

/**
 * The website in the colour, as a visitor would see it: the banner with its button, a link and a
 * button on the page (drawn, not working controls). Light or dark as the panel is, as the site
 * follows the visitor's system; on the dark page the link takes the site's tint of the colour.
 */
function AccentPreview({ colour, companyName, isDefault }: { colour: string; companyName: string; isDefault: boolean }) {
  // A custom property set through the DOM (React's style prop), which the panel's policy allows.
  const style = { '--preview-accent': colour } as CSSProperties;
  return (
    <figure className="accent-preview" style={style}>
      <div className="accent-preview__site" aria-hidden="true">
        <div className="accent-preview__banner">
          <strong>{companyName.trim() || 'Your company'}</strong>
          <span className="accent-preview__banner-action">Contact us</span>
        </div>
        <div className="accent-preview__page">
          <p>
            Our latest news: <span className="accent-preview__link">read more</span>
          </p>
          <span className="accent-preview__button">Send</span>
        </div>
      </div>
      <figcaption className="form__hint">Preview: the website {isDefault ? 'in the default colour' : `in ${colour}`}</figcaption>
    </figure>
  );
}
