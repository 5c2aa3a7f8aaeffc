import { HttpException, HttpStatus } from '@nestjs/common';

/** The contract's reply while a dependency (the database, the photo store) or the app itself cannot serve. */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Try again shortly.';
/** Seconds a client is asked to wait before trying again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** `{ field: { msg } }`: the body's error shape for per-field problems. */
export type FieldErrors = Record<string, { msg: string }>;

/** An error whose body is exactly `{ error: … }`, as the contract writes it. */
export class ApiError extends HttpException {
  constructor(status: HttpStatus, error: string | FieldErrors, options?: { headers?: Record<string, string> }) {
    super({ error }, status);
    this.headers = options?.headers ?? {};
  }

  readonly headers: Record<string, string>;

  static fields(status: HttpStatus, errors: FieldErrors, headers?: Record<string, string>): ApiError {
    return new ApiError(status, errors, { headers });
  }

  static field(field: string, msg: string, status: HttpStatus = HttpStatus.BAD_REQUEST): ApiError {
    return new ApiError(status, { [field]: { msg } });
  }

  /** The one 503: its body and Retry-After, for the exception filter to write. */
  static unavailable(message = UNAVAILABLE_MESSAGE): ApiError {
    return new ApiError(HttpStatus.SERVICE_UNAVAILABLE, message, {
      headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    });
  }

  static tooManyAttempts(retryAfterSeconds: number): ApiError {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new ApiError(HttpStatus.TOO_MANY_REQUESTS, `Too many attempts. Try again in ${seconds} seconds.`, {
      headers: { 'Retry-After': String(seconds) },
    });
  }
}

/** Callback APIs (passport, express-session) hand back `any`; a rejected promise should carry an Error. */
export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = '23505';

/** The field error each unique constraint answers with, keyed by the constraint's name. */
const fieldErrors = new Map<string, FieldErrors>();

/**
 * On an entity: a row that breaks the unique constraint `constraint` (its name in the migration)
 * is the client's mistake in `field`, answered 409 `{ error: { [field]: { msg } } }`. Declared
 * beside the columns, read by the exception filter: no service catches the violation itself, and
 * a race between two inserts ends the same way as a plain duplicate.
 */
export function ConflictOn(constraint: string, field: string, msg: string): ClassDecorator {
  return () => {
    fieldErrors.set(constraint, { [field]: { msg } });
  };
}

/**
 * The 409 a unique violation answers with (the declared field error, or a plain one for an
 * undeclared constraint); undefined for any other error.
 */
export function conflictFor(error: unknown): ApiError | undefined {
  type DriverError = { code?: unknown; constraint?: unknown };
  const driverError = (error as { driverError?: DriverError } | null)?.driverError ?? (error as DriverError | null);
  if (driverError?.code !== UNIQUE_VIOLATION) return undefined;
  const fields = typeof driverError.constraint === 'string' ? fieldErrors.get(driverError.constraint) : undefined;
  return fields ? ApiError.fields(HttpStatus.CONFLICT, fields) : new ApiError(HttpStatus.CONFLICT, 'That record already exists');
}
