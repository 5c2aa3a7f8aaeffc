import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ACCEPTS_FORM, ACCEPTS_MULTIPART, ACCEPTS_TEXT } from './accepts-multipart.decorator';
import { ApiError } from '../common/api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Global: a request body must be JSON, or multipart/form-data on a route that says
 * @AcceptsMultipart(), or text/plain on a route that says @AcceptsText() (the visitor-count
 * beacon); a route that says @AcceptsForm() reads whatever comes itself (the website's
 * contact form answers a body it cannot read with the form again). Besides holding each route to the body it reads, this refuses the "simple"
 * text/plain and form posts a foreign page can send without a preflight. The first of AppModule's
 * guards, so the type is judged first, as the request arrives.
 */
@Injectable()
export class BodyTypeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    const hasBody = (req.get('content-length') ?? '0') !== '0' || req.get('transfer-encoding') !== undefined;
    if (!hasBody || req.is('application/json')) return true;
    const accepts = (key: string) => this.reflector.getAllAndOverride<boolean>(key, [context.getHandler(), context.getClass()]);
    if (accepts(ACCEPTS_MULTIPART) && req.is('multipart/form-data')) return true;
    if (accepts(ACCEPTS_FORM)) return true;
    // Only the visitor-count beacon: it changes nothing a foreign page could want changed.
    if (accepts(ACCEPTS_TEXT) && req.is('text/plain')) return true;
    throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'Send the request body as application/json');
  }
}
