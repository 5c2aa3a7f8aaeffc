import { useId, useState, type FormEvent } from 'react';
import { RANGES, utcDay, type RangeChoice, type RangeKey } from '../../../lib/visitor-range';
import '../../../components/Field.css';

/**
 * Today, 7 days, 30 days, 12 months or Custom, as pressed buttons; Custom shows its two dates,
 * applied with Show. The choice lives in the URL (the screen writes it), so a period can be shared
 * and reloaded.
 */
export function RangePicker({
  choice,
  onPreset,
  onCustom,
}: {
  choice: RangeChoice;
  onPreset: (key: Exclude<RangeKey, 'custom'>) => void;
  onCustom: (dates: { from: string; to: string }) => void;
}) {
  const id = useId();
  // The boxes start from the range on screen, so Custom begins where the preset was.
  const [from, setFrom] = useState(choice.range?.from ?? '');
  const [to, setTo] = useState(choice.range?.to ?? '');
  const shown = choice.range ? `${choice.range.from}/${choice.range.to}` : '';
  const [seen, setSeen] = useState(shown);
  // A range changed from outside (a preset, Back) refills the boxes; adjusted while rendering, as React advises.
  if (shown !== seen) {
    setSeen(shown);
    if (choice.range) {
      setFrom(choice.range.from);
      setTo(choice.range.to);
    }
  }
  const today = utcDay();

  const pick = (key: RangeKey) => {
    if (key === 'custom') onCustom({ from, to });
    else onPreset(key);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCustom({ from, to });
  };

  return (
    <div className="range-picker">
      <div className="range-picker__presets" role="group" aria-label="Period">
        {RANGES.map((range) => (
          <button
            key={range.key}
            type="button"
            className={`button button--small${choice.key === range.key ? ' button--primary' : ''}`}
            aria-pressed={choice.key === range.key}
            onClick={() => pick(range.key)}
          >
            {range.label}
          </button>
        ))}
      </div>
      {choice.key === 'custom' && (
        <form className="range-picker__custom" onSubmit={submit} aria-label="Custom period">
          <div className="field">
            <label htmlFor={`${id}-from`}>From</label>
            <input id={`${id}-from`} type="date" value={from} max={today} required onChange={(event) => setFrom(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`}>To</label>
            <input id={`${id}-to`} type="date" value={to} max={today} required onChange={(event) => setTo(event.target.value)} />
          </div>
          <button type="submit" className="button">
            Show
          </button>
        </form>
      )}
      <p className="range-picker__note">Days run from midnight to midnight UTC.</p>
    </div>
  );
}
