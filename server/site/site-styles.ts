import { createHash } from 'node:crypto';

/*
 * The public pages' one stylesheet, inlined in each page (no request to wait for) and allowed by
 * its hash in the page's Content-Security-Policy, which allows nothing else: no script, no other
 * style. The colours are the admin panel's tokens (client/src/styles/tokens.css) and the logo's.
 */
const SOURCE = `
:root {
  color-scheme: light;
  --bg: #f4f6f9;
  --surface: #ffffff;
  --text: #1d2733;
  --muted: #56616e;
  --border: #d5dbe3;
  --input-border: #6b7785;
  --primary: #1f5fbf;
  --primary-dark: #174a94;
  --brand: #1f3a5f;
  --brand-text: #ffffff;
  --brand-muted: #d3deeb;
  --accent: #f2b134;
  --danger: #b42318;
  --danger-bg: #fdecea;
  --notice-bg: #fff4d6;
  --shadow: 0 4px 18px rgba(16, 24, 40, 0.07);
  --radius: 12px;
  --wrap: 68rem;
  --font: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font-family: var(--font); font-size: 1rem; line-height: 1.6; color: var(--text); background: var(--bg); overflow-wrap: anywhere; }
body { display: flex; flex-direction: column; min-height: 100vh; }
main { flex: 1 0 auto; }
main:focus { outline: none; }
h1, h2, h3 { line-height: 1.25; margin: 0 0 0.5rem; }
h1 { font-size: clamp(1.75rem, 5vw, 2.5rem); }
h2 { font-size: 1.35rem; }
h3 { font-size: 1.15rem; }
p { margin: 0 0 1rem; }
a { color: var(--primary); text-underline-offset: 0.15em; }
a:hover { color: var(--primary-dark); }
:focus-visible { outline: 3px solid var(--primary); outline-offset: 2px; border-radius: 4px; }
img { max-width: 100%; height: auto; }
.wrap { width: 100%; max-width: var(--wrap); margin: 0 auto; padding: 0 1.25rem; }
.skip { position: absolute; left: 0.5rem; top: -4rem; z-index: 10; padding: 0.6rem 1rem; background: var(--surface); color: var(--primary-dark); font-weight: 600; border-radius: 0 0 8px 8px; box-shadow: var(--shadow); }
.skip:focus { top: 0; }
.preview { background: var(--notice-bg); border-bottom: 1px solid var(--accent); font-size: 0.95rem; }
.preview p { margin: 0; padding-top: 0.6rem; padding-bottom: 0.6rem; }
.site-header { background: var(--surface); border-bottom: 1px solid var(--border); }
.site-header .wrap { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.25rem 1.5rem; padding-top: 0.6rem; padding-bottom: 0.6rem; }
.brand { display: inline-flex; align-items: center; gap: 0.6rem; min-height: 44px; color: var(--brand); font-weight: 700; font-size: 1.15rem; text-decoration: none; }
.brand:hover { color: var(--brand); }
.brand img { width: 36px; height: 36px; flex: none; }
.nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem; margin: 0; padding: 0; list-style: none; }
.nav a { display: inline-flex; align-items: center; min-height: 44px; padding: 0 0.8rem; border-radius: 8px; color: var(--text); font-weight: 500; text-decoration: none; }
.nav a:hover { background: var(--bg); color: var(--text); }
.nav a[aria-current] { color: var(--primary-dark); background: #e8f0fb; box-shadow: inset 0 -3px 0 var(--primary); }
.hero { background: var(--brand); color: var(--brand-text); padding: 3.5rem 0 3.75rem; }
.hero h1 { font-size: clamp(2rem, 7vw, 3.25rem); margin-bottom: 0.75rem; }
.hero p { color: var(--brand-muted); font-size: 1.2rem; max-width: 40rem; }
.hero :focus-visible { outline-color: var(--accent); }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.75rem; }
.button { display: inline-flex; align-items: center; justify-content: center; min-height: 44px; padding: 0.55rem 1.2rem; border: 2px solid transparent; border-radius: 999px; font: inherit; font-weight: 600; text-decoration: none; cursor: pointer; }
.button-accent { background: var(--accent); color: var(--text); }
.button-accent:hover { background: #f5c15c; color: var(--text); }
.button-ghost { border-color: var(--brand-muted); color: var(--brand-text); }
.button-ghost:hover { background: rgba(255, 255, 255, 0.1); color: var(--brand-text); }
.button-primary { background: var(--primary); color: #ffffff; }
.button-primary:hover { background: var(--primary-dark); color: #ffffff; }
.section { padding: 2.75rem 0; }
.section + .section { padding-top: 0; }
.page-head { padding: 2.5rem 0 1.5rem; }
.page-head p { color: var(--muted); font-size: 1.1rem; max-width: 42rem; margin: 0; }
.section-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 0.5rem 1rem; margin-bottom: 1.25rem; }
.section-head h2 { font-size: 1.6rem; margin: 0; }
.grid { display: grid; gap: 1.25rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 19rem), 1fr)); margin: 0; padding: 0; list-style: none; }
.card { display: flex; flex-direction: column; background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); box-shadow: var(--shadow); overflow: hidden; height: 100%; }
.card-body { padding: 1.15rem 1.25rem 1.35rem; }
.card-body p:last-child { margin-bottom: 0; }
.card h2, .card h3 { font-size: 1.2rem; }
.card h2 a, .card h3 a { color: var(--text); text-decoration: none; }
.card h2 a:hover, .card h3 a:hover { color: var(--primary-dark); text-decoration: underline; }
.service { border-top: 4px solid var(--accent); }
.text { white-space: pre-line; }
.muted { color: var(--muted); }
.date { display: block; color: var(--muted); font-size: 0.9rem; margin-bottom: 0.35rem; }
.photo { display: block; width: 100%; aspect-ratio: 16 / 9; object-fit: cover; background: #dfe5ec; }
.photo-none { display: flex; align-items: center; justify-content: center; aspect-ratio: 16 / 9; background: #e6ecf4; }
.photo-none img { width: 64px; height: 64px; }
.empty { background: var(--surface); border: 1px dashed var(--border); border-radius: var(--radius); padding: 2rem 1.5rem; text-align: center; color: var(--muted); }
.pager { margin-top: 2rem; }
.pager ul { display: flex; flex-wrap: wrap; justify-content: center; align-items: center; gap: 0.35rem; margin: 0; padding: 0; list-style: none; }
.pager a, .pager span { display: inline-flex; align-items: center; justify-content: center; min-width: 44px; min-height: 44px; padding: 0 0.75rem; border-radius: 8px; font-weight: 600; }
.pager a { background: var(--surface); border: 1px solid var(--border); text-decoration: none; }
.pager a:hover { border-color: var(--primary); }
.pager a[aria-current='page'] { background: var(--primary); border-color: var(--primary); color: #ffffff; }
.pager .here { display: none; color: var(--muted); font-weight: 500; }
.article { max-width: 46rem; padding: 2rem 1.25rem 3rem; }
.back { display: inline-flex; align-items: center; min-height: 44px; margin-bottom: 0.5rem; font-weight: 600; }
.article-photo { margin: 1.5rem 0; border-radius: var(--radius); overflow: hidden; box-shadow: var(--shadow); }
.lead { font-size: 1.2rem; color: var(--text); }
.about { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 1.25rem 1.5rem; margin-top: 1.5rem; }
.about p { margin: 0; }
.contact { display: grid; gap: 2rem 3rem; grid-template-columns: minmax(0, 1.6fr) minmax(0, 1fr); align-items: start; }
.contact > :only-child { grid-column: 1 / -1; max-width: 44rem; }
.details { list-style: none; margin: 1rem 0 0; padding: 0; }
.details li { margin-bottom: 0.5rem; }
.details span { display: block; color: var(--muted); font-size: 0.9rem; }
.form { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); box-shadow: var(--shadow); padding: 1.5rem; }
.field { margin-bottom: 1.15rem; }
.field label { display: block; font-weight: 600; margin-bottom: 0.3rem; }
.field .hint { font-weight: 400; color: var(--muted); }
.field input, .field textarea { display: block; width: 100%; padding: 0.65rem 0.75rem; border: 1px solid var(--input-border); border-radius: 8px; font: inherit; color: var(--text); background: var(--surface); }
.field textarea { min-height: 9rem; resize: vertical; }
.field input:focus-visible, .field textarea:focus-visible { outline-offset: 0; }
.field [aria-invalid='true'] { border: 2px solid var(--danger); }
.field-error { color: var(--danger); font-weight: 600; margin: 0.3rem 0 0; }
.errors { border: 2px solid var(--danger); background: var(--danger-bg); border-radius: var(--radius); padding: 1rem 1.25rem; margin-bottom: 1.5rem; }
.errors h2 { font-size: 1.15rem; color: var(--danger); }
.errors ul { margin: 0; padding-left: 1.2rem; }
.errors a { color: var(--danger); font-weight: 600; }
.trap { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
.message { max-width: 40rem; padding: 3.5rem 1.25rem 4rem; }
.message .code { color: var(--muted); font-weight: 600; letter-spacing: 0.08em; text-transform: uppercase; margin-bottom: 0.25rem; }
.site-footer { background: var(--brand); color: var(--brand-muted); margin-top: 3rem; padding: 2rem 0; font-size: 0.95rem; }
.site-footer .wrap { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.75rem 2rem; }
.site-footer p { margin: 0; }
.site-footer strong { color: var(--brand-text); }
.site-footer ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1.5rem; margin: 0; padding: 0; list-style: none; }
.site-footer a { display: inline-flex; align-items: center; min-height: 44px; color: var(--brand-text); }
.site-footer a:hover { color: var(--accent); }
.site-footer :focus-visible { outline-color: var(--accent); }
@media (max-width: 48rem) {
  .contact { grid-template-columns: minmax(0, 1fr); }
}
@media (max-width: 30rem) {
  .wrap { padding-left: 1rem; padding-right: 1rem; }
  .hero { padding: 2.5rem 0 2.75rem; }
  .nav a { padding: 0 0.6rem; }
  .pager .number { display: none; }
  .pager .here { display: inline-flex; }
  .form { padding: 1.15rem; }
}
`;

/** The stylesheet as sent: comments and indentation gone (its hash is taken of exactly this text). */
export const SITE_CSS = SOURCE.split('\n')
  .map((line) => line.trim())
  .join('');

/**
 * The pages' policy, computed once: nothing may run, and the inline stylesheet is the only style.
 * Images (photos, the logo) and form posts stay on this site; nothing may frame the pages.
 * `connect-src 'self'` lets audit tools fetch /robots.txt from the page's context (Lighthouse's
 * SEO check does, and reports "CSP violation" under `default-src 'none'`); with no script allowed,
 * nothing on the page can use it.
 */
export const SITE_CSP = [
  "default-src 'none'",
  "img-src 'self'",
  "connect-src 'self'",
  `style-src 'sha256-${createHash('sha256').update(SITE_CSS).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');
