import { SetMetadata } from '@nestjs/common';

export const ACCEPTS_MULTIPART = 'acceptsMultipart';
export const ACCEPTS_FORM = 'acceptsForm';
export const ACCEPTS_TEXT = 'acceptsText';

/** The route reads a multipart/form-data body (an upload). Every other route takes JSON only. */
export const AcceptsMultipart = () => SetMetadata(ACCEPTS_MULTIPART, true);

/** The route reads an application/x-www-form-urlencoded body itself (the website's contact form, posted without script). */
export const AcceptsForm = () => SetMetadata(ACCEPTS_FORM, true);

/** The route reads a text/plain body itself: the visitor-count beacon, which `navigator.sendBeacon` sends as text/plain. */
export const AcceptsText = () => SetMetadata(ACCEPTS_TEXT, true);
