import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import express, { type Request, type Response } from 'express';
import { createElement } from 'react';
import { ApiError, type FieldErrors, toError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ContactUsService } from '../contact-us/contact-us.service';
import { isCrossSite } from '../http/http.middleware';
import { ContactPage, EMPTY_CONTACT, type ContactValues } from './pages/contact-page';
import { onceOnly, sendOnce, type Visit } from './site-reply';
import { pathIn } from './site-languages';
import { previewLocation } from './site-preview';
import { SITE_PATHS } from './site-paths';

/** A contact form's post: four fields and the honeypot; 5,000 characters of any script fit, percent-encoded. */
const FORM_BODY_LIMIT = '64kb';

/** What the visitor typed, to put back in the form: text only, never the honeypot. */
function formValues(body: unknown): ContactValues {
  const fields = (body ?? {}) as Record<string, unknown>;
  const text = (name: keyof ContactValues) => (typeof fields[name] === 'string' ? fields[name] : '');
  return { name: text('name'), phno: text('phno'), email: text('email'), msg: text('msg') };
}

/**
 * The contact form's post, taken as POST /api/contactus takes one (ContactUsService.submit: the
 * same limits, DTO, messages and honeypot). A success goes on to the thank-you page (303, so a
 * reload does not post again); field errors come back in the form (400), and so does a post from
 * an address over its limit (429), everything typed kept, with a sentence saying when it can be
 * sent. A post from another site (403) or too large a body (413) is thrown, for the site's error
 * pages.
 */
@Injectable()
export class ContactForm {
  private readonly parser = express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT, parameterLimit: 10 });

  constructor(
    private readonly contactUs: ContactUsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async post(req: Request, res: Response, visit: Visit): Promise<void> {
    const { view } = visit;
    if (isCrossSite(req, this.config)) throw new ApiError(HttpStatus.FORBIDDEN, 'Cross-site requests are not allowed');
    let body: unknown;
    try {
      body = await this.parse(req, res);
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (type === 'entity.too.large' || type === 'parameters.too.many') {
        throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, 'Request body is too large');
      }
      const errors = { form: { msg: view.words.contact.unreadable } };
      return sendOnce(req, res, visit, createElement(ContactPage, { site: view, values: EMPTY_CONTACT, errors }), 400);
    }
    try {
      // An administrator previewing the site is not limited, as on the API.
      // The message records the language of the page (issue #41); its mails name it on a site of several.
      const language = { code: view.language.code, name: view.language.name, mentioned: view.languages.length > 1 };
      await this.contactUs.submit(body, view.preview ? null : (req.ip ?? 'unknown'), language);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const status: number = error.getStatus();
      if (status === 400) {
        const reply = (error.getResponse() as { error: FieldErrors | string }).error;
        const errors = typeof reply === 'string' ? { form: { msg: reply } } : reply;
        return sendOnce(req, res, visit, createElement(ContactPage, { site: view, values: formValues(body), errors }), 400);
      }
      if (status === 429) {
        const retryAfter = Number(error.headers['Retry-After'] ?? 60);
        const page = createElement(ContactPage, { site: view, values: formValues(body), retryAfterSeconds: retryAfter });
        return sendOnce(req, res, visit, page, 429, {
          'Retry-After': String(retryAfter),
        });
      }
      throw error;
    }
    res.setHeader('Cache-Control', onceOnly(visit.cdnMaxAge !== null));
    const thanks = pathIn(view.language, SITE_PATHS.thanks);
    res.redirect(HttpStatus.SEE_OTHER, view.preview ? previewLocation(thanks) : thanks);
  }

  private parse(req: Request, res: Response): Promise<unknown> {
    return new Promise((resolve, reject) => {
      // The parser answers through a callback; its failures are judged by the caller.
      void this.parser(req, res, (error?: unknown) => (error ? reject(toError(error)) : resolve(req.body)));
    });
  }
}
