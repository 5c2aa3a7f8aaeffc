import type { Request } from 'express';
import type { AppConfig } from '../config/app-config';

/**
 * The origin absolute links are written with (a mail's link to a message, a reset or an
 * invitation): PUBLIC_URL, else the request's own protocol and host (which honour TRUST_PROXY).
 */
export function linkOrigin(config: AppConfig, req: Request): string {
  return config.publicUrl ?? `${req.protocol}://${req.host}`;
}
