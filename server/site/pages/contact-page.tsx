import type { FieldErrors } from '../../common/api-error';
import { SITE_PATHS } from '../site-paths';
import { Layout, sitePath, type SiteView } from './layout';

/** The form's fields, named as POST /api/contactus names them, so the same DTO checks them. */
export type ContactValues = Record<'name' | 'phno' | 'email' | 'msg', string>;

export const EMPTY_CONTACT: ContactValues = { name: '', phno: '', email: '', msg: '' };

/** A field's input; its label and hint are the words' (`contact.fields`). */
interface Field {
  name: keyof ContactValues;
  optional?: true;
  type?: 'text' | 'tel' | 'email';
  autoComplete: string;
  maxLength: number;
}

const FIELDS: Field[] = [
  { name: 'name', type: 'text', autoComplete: 'name', maxLength: 100 },
  { name: 'phno', optional: true, type: 'tel', autoComplete: 'tel', maxLength: 30 },
  { name: 'email', type: 'email', autoComplete: 'email', maxLength: 254 },
  { name: 'msg', autoComplete: 'off', maxLength: 5000 },
];

const fieldId = (name: string) => `contact-${name}`;

/**
 * The contact form. It posts without script to /contact; the server's messages (the API's own)
 * come back in place: a summary at the top linking to each field, each message under its field
 * (aria-invalid, aria-describedby), the values kept, and the first wrong field focused.
 */
export function ContactPage({
  site,
  values,
  errors,
  retryAfterSeconds,
}: {
  site: SiteView;
  values: ContactValues;
  errors?: FieldErrors;
  /** Too many messages from this address: the form comes back as typed, saying when it can be sent. */
  retryAfterSeconds?: number;
}) {
  const { companyName, email, phone } = site.settings;
  const words = site.words.contact;
  const failing = errors ? Object.entries(errors) : [];
  const firstInvalid = FIELDS.find((field) => errors?.[field.name])?.name;
  const refused = failing.length > 0 || retryAfterSeconds !== undefined;
  return (
    <Layout
      site={site}
      meta={{
        title: refused ? words.refusedTitle : words.title,
        description: words.description(companyName),
        canonical: SITE_PATHS.contact,
        section: 'contact',
      }}
    >
      <div className="wrap">
        <div className="page-head">
          <h1>{words.heading}</h1>
          <p>{words.lead}</p>
        </div>
        <div className="contact">
          <form className="form" method="post" action={sitePath(site, SITE_PATHS.contact)} noValidate aria-labelledby="form-title">
            <h2 id="form-title">{words.form}</h2>
            {retryAfterSeconds !== undefined && (
              <div className="errors" role="alert" aria-labelledby="errors-title">
                <h3 id="errors-title">{words.notSentYet}</h3>
                <p>{words.tooMany(retryAfterSeconds)}</p>
              </div>
            )}
            {failing.length > 0 && (
              <div className="errors" role="alert" aria-labelledby="errors-title">
                <h3 id="errors-title">{words.checkForm}</h3>
                <ul>
                  {failing.map(([name, { msg }]) => (
                    <li key={name}>{FIELDS.some((field) => field.name === name) ? <a href={`#${fieldId(name)}`}>{msg}</a> : msg}</li>
                  ))}
                </ul>
              </div>
            )}
            {FIELDS.map((field) => {
              const id = fieldId(field.name);
              const error = errors?.[field.name]?.msg;
              // A hint is the server's rule for the field, said before anyone breaks it (the server stays the judge).
              const { label, hint }: { label: string; hint?: string } = words.fields[field.name];
              const common = {
                id,
                name: field.name,
                autoComplete: field.autoComplete,
                maxLength: field.maxLength,
                required: !field.optional,
                autoFocus: field.name === firstInvalid,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined,
              };
              return (
                <div className="field" key={field.name}>
                  <label htmlFor={id}>
                    {label}
                    {field.optional && <span className="hint"> {words.optional}</span>}
                  </label>
                  {field.type ? (
                    <input type={field.type} defaultValue={values[field.name]} {...common} />
                  ) : (
                    <textarea rows={6} defaultValue={values[field.name]} {...common} />
                  )}
                  {hint && (
                    <p className="hint" id={`${id}-hint`}>
                      {hint}
                    </p>
                  )}
                  {error && (
                    <p className="field-error" id={`${id}-error`}>
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
            {/* The honeypot (the API's `website`): off screen, out of the tab order and hidden from
                assistive technology, so only a bot fills it in. */}
            <div className="trap" aria-hidden="true">
              <label htmlFor="contact-website">{words.website}</label>
              <input id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>
            <div className="form-actions">
              <button className="button button-primary" type="submit">
                {words.send}
              </button>
              {site.menus?.privacy && <a href={site.menus.privacy.href}>{words.privacy}</a>}
            </div>
          </form>
          {(email !== '' || phone !== '') && (
            <section aria-labelledby="other-ways">
              <h2 id="other-ways">{words.otherWays}</h2>
              <ul className="details">
                {email !== '' && (
                  <li>
                    <span>{words.email}</span>
                    <a href={`mailto:${email}`}>{email}</a>
                  </li>
                )}
                {phone !== '' && (
                  <li>
                    <span>{words.phone}</span>
                    <a href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>{phone}</a>
                  </li>
                )}
              </ul>
            </section>
          )}
        </div>
      </div>
    </Layout>
  );
}
