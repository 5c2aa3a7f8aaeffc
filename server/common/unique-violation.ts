import { HttpStatus } from '@nestjs/common';
import { ApiError, type FieldErrors } from './api-error';

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
