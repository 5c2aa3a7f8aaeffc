import { HttpException, HttpStatus } from '@nestjs/common';

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

  static tooManyAttempts(retryAfterSeconds: number): ApiError {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new ApiError(HttpStatus.TOO_MANY_REQUESTS, `Too many attempts. Try again in ${seconds} seconds.`, {
      headers: { 'Retry-After': String(seconds) },
    });
  }
}
