import type { Request, RequestHandler, Response } from 'express';
import { toError } from './to-error';

type Step = { set: string; value: string | number | readonly string[] } | { remove: string };

/**
 * Runs a middleware that only sets fixed response headers (helmet, configured without functions
 * or nonces) once, at start-up, against a recording response, and returns a middleware that
 * replays those headers: the same headers on every reply, without recomputing them per request.
 * Throws if the middleware does anything else, so a later option that depends on the request
 * cannot slip through unnoticed.
 */
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const steps: Step[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      steps.push({ set: name, value });
      return recorder;
    },
    removeHeader(name: string) {
      steps.push({ remove: name });
    },
  };
  let done = false;
  void middleware({ headers: {} } as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw toError(error);
    done = true;
  });
  if (!done) throw new Error('fixedHeaders: the middleware did not finish at once');
  return (_req, res, next) => {
    for (const step of steps) {
      if ('set' in step) res.setHeader(step.set, step.value);
      else res.removeHeader(step.remove);
    }
    next();
  };
}
