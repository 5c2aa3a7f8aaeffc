import { applyDecorators, HttpStatus, ValidationError, ValidationPipe, type ArgumentMetadata, type Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Matches, ValidateBy, type ValidationArguments } from 'class-validator';
import { ApiError, type FieldErrors } from './api-error';
import { dictionary } from '@zxcvbn-ts/language-common';

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
/**
 * Query and route parameters reach their own pipes as the strings they came as: Nest's default
 * would turn a parameter declared `number` into `+value` first, which reads `1e3` or ` 1` as a
 * number. Each pipe (PagePipe) judges the text itself.
 */
class AppValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown, _metadata: ArgumentMetadata): unknown {
    return value;
  }
}

export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
    whitelist: true,
    transform: true,
    stopAtFirstError: true,
    forbidUnknownValues: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => ApiError.fields(HttpStatus.BAD_REQUEST, collect(errors, {})),
  });
}

const bodyPipe = createValidationPipe();

/**
 * A body checked against a DTO outside a route (an HTML form's post), exactly as the global pipe
 * checks a route's @Body(): the DTO instance, or the same 400 `{ error: { field: { msg } } }`.
 */
export async function validateBody<T>(body: unknown, dto: Type<T>): Promise<T> {
  return (await bodyPipe.transform(body ?? {}, { type: 'body', metatype: dto })) as T;
}

/** Trims string input; leaves anything else for the type check to refuse. */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** The API document's pattern for text without a NUL character (the regular expression's own escape, not a NUL). */
const NO_NUL = '^[^\\u0000]*$';

/**
 * Text PostgreSQL can store as sent, else a 400 keyed by the field: no NUL character (PostgreSQL
 * cannot store it) and no lone UTF-16 surrogate (it would be stored as U+FFFD, and the e-mail
 * check throws on it). Place it just above the type check, so it runs after it. The API document
 * says so with a pattern (a JSON string cannot carry a lone surrogate as text, so only the NUL).
 */
export const StorableText = (label: string) =>
  applyDecorators(
    ApiProperty({ pattern: NO_NUL }),
    Matches(/^[^\0]*$/, { message: `${label} must not contain NUL characters` }),
    Matches(/^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/, { message: `${label} must be valid Unicode text` }),
  );

/**
 * The common passwords of zxcvbn-ts's list (about 49,000, shipped in the package, so no network),
 * lower-cased: a guesser tries these first whatever their letter case.
 */
const COMMON = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

export const PASSWORD_RULE = 'At least 8 characters, not a common password, and not your email or its name part.';

/**
 * Why a password is easy to guess, or null when it is not. One rule wherever a password is set
 * (registration, change, reset, invitation, create-admin, ADMIN_PASSWORD_FILE); the length limits
 * stay with each DTO's decorators.
 */
export function guessablePassword(password: string, email?: string): string | null {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'Password is too common; choose one that is harder to guess';
  if (email) {
    const address = email.trim().toLowerCase();
    const local = address.split('@')[0] ?? '';
    // A local part of one or two letters would refuse too much; the whole address is always refused.
    if (lower.includes(address) || (local.length >= 3 && lower.includes(local))) {
      return 'Password must not contain your email';
    }
  }
  return null;
}

/** The rule as a DTO decorator; `emailField` names the sibling property holding the admin's email. */
export function NotGuessable(emailField?: string): PropertyDecorator {
  return ValidateBy({
    name: 'notGuessable',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        typeof value !== 'string' || guessablePassword(value, emailOf(args, emailField)) === null,
      defaultMessage: (args?: ValidationArguments) =>
        guessablePassword(String(args?.value ?? ''), emailOf(args, emailField)) ?? 'Password is too easy to guess',
    },
  });
}

function emailOf(args: ValidationArguments | undefined, emailField: string | undefined): string | undefined {
  const value = emailField ? (args?.object as Record<string, unknown> | undefined)?.[emailField] : undefined;
  return typeof value === 'string' ? value : undefined;
}
