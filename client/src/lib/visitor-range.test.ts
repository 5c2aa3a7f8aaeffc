import { describe, expect, it } from 'vitest';
import { addDays, compare, daysBetween, formatRate, isDay, presetRange, rangeFromParams, utcDay, withRange } from './visitor-range';

const TODAY = '2026-11-26';

describe('presetRange', () => {
  it('ends every preset today and counts its days, today included', () => {
    expect(presetRange('today', TODAY)).toEqual({ from: TODAY, to: TODAY, days: 1 });
    expect(presetRange('7d', TODAY)).toEqual({ from: '2026-11-20', to: TODAY, days: 7 });
    expect(presetRange('30d', TODAY)).toEqual({ from: '2026-10-28', to: TODAY, days: 30 });
  });

  it('starts 12 months the day after the same date a year before', () => {
    expect(presetRange('12m', TODAY)).toEqual({ from: '2025-11-27', to: TODAY, days: 365 });
    expect(presetRange('12m', '2028-03-01')).toEqual({ from: '2027-03-02', to: '2028-03-01', days: 366 });
    // 29 February a year back is 1 March; the range starts the day after.
    expect(presetRange('12m', '2028-02-29').from).toBe('2027-03-02');
  });

  it('crosses months, years and leap days', () => {
    expect(presetRange('7d', '2027-01-03').from).toBe('2026-12-28');
    expect(presetRange('7d', '2028-03-02').from).toBe('2028-02-25');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysBetween('2028-02-01', '2028-03-01')).toBe(30);
  });
});

describe('utcDay and isDay', () => {
  it('gives the UTC date, whatever the local time zone', () => {
    expect(utcDay(new Date('2026-11-26T23:30:00-05:00'))).toBe('2026-11-27');
  });

  it('accepts only real dates written YYYY-MM-DD', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
    expect(isDay('<script>')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

describe('rangeFromParams', () => {
  const read = (query: string) => rangeFromParams(new URLSearchParams(query), TODAY);

  it('reads a preset, and falls back to 7 days for none or an unknown one', () => {
    expect(read('range=30d')).toEqual({ key: '30d', range: presetRange('30d', TODAY) });
    expect(read('')).toEqual({ key: '7d', range: presetRange('7d', TODAY) });
    expect(read('range=forever')).toEqual({ key: '7d', range: presetRange('7d', TODAY) });
  });

  it('reads a custom range with both ends included', () => {
    expect(read('range=custom&from=2026-11-01&to=2026-11-10')).toEqual({
      key: 'custom',
      range: { from: '2026-11-01', to: '2026-11-10', days: 10 },
    });
  });

  it('says what is wrong with a custom range it cannot use', () => {
    expect(read('range=custom&from=2026-11-01')).toEqual({ key: 'custom', problem: 'Choose a start and an end date.' });
    expect(read('range=custom&from=2026-11-10&to=2026-11-01').problem).toBe('The start date must not be after the end date.');
    expect(read('range=custom&from=2026-11-01&to=2026-12-01').problem).toBe('The end date must not be after today.');
    expect(read('range=custom&from=2026-13-01&to=2026-11-01').problem).toBe('Choose a start and an end date.');
  });
});

describe('withRange', () => {
  it('writes a preset by its key, leaves the default out and drops custom dates', () => {
    const custom = new URLSearchParams('range=custom&from=2026-11-01&to=2026-11-10&other=1');
    expect(withRange(custom, '30d').toString()).toBe('range=30d&other=1');
    expect(withRange(custom, '7d').toString()).toBe('other=1');
  });

  it('writes a custom range with its dates', () => {
    expect(withRange(new URLSearchParams(), 'custom', { from: '2026-11-01', to: '2026-11-10' }).toString()).toBe(
      'range=custom&from=2026-11-01&to=2026-11-10',
    );
  });
});

describe('compare', () => {
  it('says which way a count went and by how much, in words', () => {
    expect(compare(125, 100)).toEqual({ direction: 'up', arrow: '↑', text: 'Up 25% on the previous period' });
    expect(compare(50, 200)).toEqual({ direction: 'down', arrow: '↓', text: 'Down 75% on the previous period' });
    expect(compare(30_000, 100).text).toBe('Up 29,900% on the previous period');
  });

  it('words the edges: nothing before, no change, a change too small to round', () => {
    expect(compare(12, 0)).toEqual({ direction: 'up', arrow: '↑', text: 'Up from none in the previous period' });
    expect(compare(0, 0)).toEqual({ direction: 'same', arrow: '=', text: 'Same as the previous period' });
    expect(compare(1001, 1000)).toEqual({ direction: 'same', arrow: '=', text: 'About the same as the previous period' });
    expect(compare(0, 40)).toEqual({ direction: 'down', arrow: '↓', text: 'Down 100% on the previous period' });
  });

  it('compares a rate by percentage points', () => {
    expect(compare(0.45, 0.4, 'rate')).toEqual({ direction: 'up', arrow: '↑', text: 'Up 5 points on the previous period' });
    expect(compare(0.39, 0.4, 'rate')).toEqual({ direction: 'down', arrow: '↓', text: 'Down 1 point on the previous period' });
    expect(compare(0.401, 0.4, 'rate').text).toBe('About the same as the previous period');
  });
});

describe('formatRate', () => {
  it('shows a fraction as a whole percentage', () => {
    expect(formatRate(0.4267)).toBe('43%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(1)).toBe('100%');
  });
});
