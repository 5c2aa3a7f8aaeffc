import { HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ApiError, type FieldErrors } from './api-error';

function collect(errors: ValidationError[], into: FieldErrors, prefix = ''): FieldErrors {
  for (const error of errors) {
    const field = prefix + error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0 && !into[field]) into[field] = { msg: messages[0] };
    if (error.children?.length) collect(error.children, into, `${field}.`);
  }
  return into;
}

/**
 * The global pipe: unknown fields are stripped, each failing field answers with its first message
 * as `{ error: { field: { msg } } }`. Decorators are checked from the one nearest the property
 * upwards, so the type check sits nearest and runs first.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    stopAtFirstError: true,
    forbidUnknownValues: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => ApiError.fields(HttpStatus.BAD_REQUEST, collect(errors, {})),
  });
}

/**
 * Trims string input and drops NUL characters, which PostgreSQL cannot store in text (it would
 * answer with an error, a 500); leaves anything else for the type check to refuse.
 */
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replaceAll('\0', '').trim() : value));
