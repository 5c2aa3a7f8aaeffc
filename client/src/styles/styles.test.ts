// @vitest-environment node
/// <reference types="node" />
// Read from disk: Vitest hands a test empty stylesheets, `?raw` included.
import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkStyles } from './check-styles';

const src = fileURLToPath(new URL('..', import.meta.url));

/** Every stylesheet of the client (path under client/src → text). */
const all = Object.fromEntries(globSync('**/*.css', { cwd: src }).map((path) => [path, readFileSync(src + path, 'utf8')]));
/**
 * The public website's stylesheets (styles/site.css and what it imports) style documents of their
 * own, rendered by the server: their selectors are checked among themselves, with the tokens.
 */
const isSite = (path: string) => /^styles\/site[.-]/.test(path);
const stylesheets = Object.fromEntries(Object.entries(all).filter(([path]) => !isSite(path)));
const siteStylesheets = Object.fromEntries(Object.entries(all).filter(([path]) => isSite(path) || path === 'styles/tokens.css'));

describe('the client stylesheets', () => {
  it('are all read', () => {
    expect(Object.keys(stylesheets)).toEqual(expect.arrayContaining(['styles/tokens.css', 'styles/base.css', 'maintenance.css']));
    expect(stylesheets['styles/tokens.css']).toContain('--primary:');
  });

  it('keep colours in tokens.css, define each selector once and keep @media rules with their component', () => {
    expect(checkStyles(stylesheets)).toEqual([]);
  });

  it('hold the public website’s stylesheet to the same conventions', () => {
    expect(Object.keys(siteStylesheets)).toEqual(expect.arrayContaining(['styles/site.css', 'styles/tokens.css']));
    expect(siteStylesheets['styles/site.css']).toContain("@import './tokens.css';");
    expect(checkStyles(siteStylesheets)).toEqual([]);
  });
});

describe('checkStyles', () => {
  it('finds colour literals outside tokens.css, and only there', () => {
    const problems = checkStyles({
      'tokens.css': ':root { --ink: #123456; --paper: white; }',
      'a.css': '.a { color: #fff; background: rgba(0, 0, 0, 0.5); border-color: tomato; white-space: nowrap; fill: var(--ink); }',
    });
    expect(problems).toEqual([
      'colour literal outside tokens.css: a.css: color: #fff (#fff)',
      'colour literal outside tokens.css: a.css: background: rgba(0, 0, 0, 0.5) (rgba()',
      'colour literal outside tokens.css: a.css: border-color: tomato (tomato)',
    ]);
  });

  it('finds a selector defined twice, in one file or two, alone or in a list', () => {
    const problems = checkStyles({
      'a.css': '.a, .b { margin: 0; } .a { padding: 0; } @media (max-width: 768px) { .a { padding: 1px; } }',
      'b.css': '.b { margin: 1px; } @keyframes spin { to { opacity: 0; } }',
      'c.css': '@keyframes spin { from { opacity: 1; } }',
    });
    expect(problems).toEqual([
      'selector defined twice: .a (a.css and a.css)',
      'selector defined twice: .b (a.css and b.css)',
      'selector defined twice: @keyframes spin (b.css and c.css)',
    ]);
  });

  it('finds @media rules kept away from their component', () => {
    const problems = checkStyles({
      'card.css': '.card { margin: 0; } @media (max-width: 768px) { .card__title { margin: 1px; } }',
      'phones.css': '@media (max-width: 768px) { .menu--open .menu__item { display: none; } }',
    });
    expect(problems).toEqual([
      '@media rule away from its component: .menu--open .menu__item in phones.css (no rule for .menu there)',
      '@media rule away from its component: .menu--open .menu__item in phones.css (no rule for .menu there)',
    ]);
  });
});
