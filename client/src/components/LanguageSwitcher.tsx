import type { Language, SiteLanguages, TranslationChip } from '../lib/translations';
import './Translations.css';

/**
 * The edit screen's languages (issue #41): the default language's own form, or another's
 * translation side by side. A group of toggle buttons, the current one pressed.
 */
export function LanguageSwitcher({
  languages,
  current,
  onChoose,
}: {
  languages: SiteLanguages;
  /** The translation on screen; null: the default language's form. */
  current: Language | null;
  onChoose: (code: string | null) => void;
}) {
  const all = [languages.default, ...languages.others];
  return (
    <div className="language-switcher" role="group" aria-label="Language">
      {all.map((language) => {
        const pressed = language.default ? current === null : current?.code === language.code;
        return (
          <button
            key={language.code}
            type="button"
            lang={language.code}
            className={`language-switcher__choice${pressed ? ' language-switcher__choice--current' : ''}`}
            aria-pressed={pressed}
            onClick={() => onChoose(language.default ? null : language.code)}
          >
            {language.name}
            {language.default && <span className="language-switcher__note"> (default)</span>}
          </button>
        );
      })}
    </div>
  );
}

const CHIP_TEXT: Record<TranslationChip['state'], { shown: string; said: string }> = {
  done: { shown: '✓', said: 'translated' },
  draft: { shown: 'draft', said: 'draft' },
  outdated: { shown: 'outdated', said: 'outdated' },
  missing: { shown: 'missing', said: 'not translated' },
};

/**
 * A list item's per-language states ("DE ✓ · FR draft · NL missing"): the short form is for the
 * eye; a screen reader hears each language's name and its state in words.
 */
export function TranslationChips({ chips }: { chips: TranslationChip[] }) {
  return (
    <p className="translation-chips">
      <span className="visually-hidden">Translations: </span>
      {chips.map((chip, index) => (
        <span key={chip.code}>
          {index > 0 && <span aria-hidden="true"> · </span>}
          <span className={`translation-chip translation-chip--${chip.state}`}>
            <span aria-hidden="true">
              {chip.code.toUpperCase()} {CHIP_TEXT[chip.state].shown}
            </span>
            <span className="visually-hidden">
              {chip.name}: {CHIP_TEXT[chip.state].said}
              {index < chips.length - 1 ? ', ' : ''}
            </span>
          </span>
        </span>
      ))}
    </p>
  );
}

/** The lists' filter: every item, or those that need translating into any language or one. */
export function NeedsTranslationFilter({
  languages,
  value,
  onChange,
}: {
  languages: SiteLanguages;
  /** '' (every item), 'any' or a language's code. */
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="needs-translation">
      <span className="needs-translation__label">Show</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All items</option>
        <option value="any">Needs translation</option>
        {languages.others.map((language) => (
          <option key={language.code} value={language.code}>
            Needs translation into {language.name}
          </option>
        ))}
      </select>
    </label>
  );
}
