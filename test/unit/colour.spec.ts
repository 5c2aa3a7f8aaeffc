import { describe, expect, it } from 'vitest';
import * as browser from '../../client/src/lib/colour';
import { accentCss } from '../../server/site/site-styles';
import * as server from '../../server/common/colour';

/** Every 17th step of each channel: 4,096 colours across the whole cube, light and dark. */
function sweep(): string[] {
  const steps = Array.from({ length: 16 }, (_, i) => (i * 17).toString(16).padStart(2, '0'));
  return steps.flatMap((r) => steps.flatMap((g) => steps.map((b) => `#${r}${g}${b}`)));
}

describe('the accent colour’s arithmetic', () => {
  it('knows the WCAG contrast of white text: 21:1 on black, 1:1 on white, and the bar between #767676 and #777777', () => {
    expect(server.contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(server.contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(server.contrastWithWhite('#767676')).toBeGreaterThanOrEqual(4.5);
    expect(server.contrastWithWhite('#777777')).toBeLessThan(4.5);
    expect(server.contrast('#1d2733', '#ffffff')).toBeCloseTo(server.contrast('#ffffff', '#1d2733'), 10);
  });

  it('gives the browser and the server one answer for every colour (the screen’s advice is the server’s rule)', () => {
    for (const colour of sweep()) {
      expect(browser.relativeLuminance(colour)).toBe(server.relativeLuminance(colour));
      expect(browser.readableAccent(colour)).toBe(server.contrastWithWhite(colour) >= server.MIN_CONTRAST);
    }
  });

  it('computes the readable text on a colour: white on a dark one, the dark text on a light one', () => {
    expect(server.readableTextOn('#7a1f5c')).toBe('#ffffff');
    expect(server.readableTextOn('#1f3a5f')).toBe('#ffffff');
    expect(server.readableTextOn('#f2b134')).toBe('#1d2733');
    expect(server.readableTextOn('#ffffff')).toBe('#1d2733');
    // Every accent the setting allows takes white.
    for (const colour of sweep().filter(browser.readableAccent)) expect(server.readableTextOn(colour)).toBe('#ffffff');
  });

  it('offers, for a too-light colour, the nearest shade that passes: same hue, just dark enough', () => {
    expect(browser.nearestReadableShade('#f2b134')).toBe('#a06c0a');
    expect(browser.nearestReadableShade('#FFFFFF')).toBe('#767676');
    expect(browser.nearestReadableShade('#00ff00')).toBe('#008a00');
    // A colour that passes is its own answer.
    expect(browser.nearestReadableShade('#7A1F5C')).toBe('#7a1f5c');
    for (const colour of sweep()) {
      const shade = browser.nearestReadableShade(colour);
      expect(browser.isHexColour(shade)).toBe(true);
      expect(server.contrastWithWhite(shade)).toBeGreaterThanOrEqual(4.5);
      // No darker than it must be: one step lighter would fail (or it was already passing).
      if (shade !== colour) expect(server.contrastWithWhite(shade)).toBeLessThan(5);
    }
  });

  it('writes one stylesheet for the site from the accent: the brand, links, buttons and highlights, none for an empty one', () => {
    expect(accentCss('')).toBe('');
    const css = accentCss('#7a1f5c');
    expect(css).toMatch(/^:root\{[^{}]+\}$/);
    for (const token of ['--brand:#7a1f5c', '--accent:#7a1f5c', '--on-accent:#ffffff', '--brand-text:#ffffff', '--on-hero-action:#7a1f5c'])
      expect(css).toContain(token);
    expect(css).toContain('--primary:light-dark(#7a1f5c,color-mix(in srgb,#7a1f5c 40%,#ffffff))');
  });
});
