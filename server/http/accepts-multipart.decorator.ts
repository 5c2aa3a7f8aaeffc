import { SetMetadata } from '@nestjs/common';

export const ACCEPTS_MULTIPART = 'acceptsMultipart';

/** The route reads a multipart/form-data body (an upload). Every other route takes JSON only. */
export const AcceptsMultipart = () => SetMetadata(ACCEPTS_MULTIPART, true);
