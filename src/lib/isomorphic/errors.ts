// One error model for server, pages and CLI (ARCHITECTURE.md, "Errors"). Isomorphic: no Node imports.
import * as ja from '#src/i18n/ja';

export type FieldMessages = Record<string, string[]>;

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: FieldMessages;
  constructor(status: number, code: string, message: string, details?: FieldMessages) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export class ValidationError extends AppError {
  constructor(details: FieldMessages, message?: string) {
    super(422, 'validation_failed', message ?? Object.values(details).flat()[0] ?? ja.errors.validation, details);
  }
  /** A single message about one field: `ValidationError.of('coupon_code', '...')`. */
  static of(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string) {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, 'forbidden', message);
  }
}

export class NotFoundError extends AppError {
  /** resource: the key used in `messages` (for example `ambassador` -> messages.ambassador). */
  readonly resource: string;
  constructor(message: string, resource = 'base') {
    super(404, 'not_found', message);
    this.resource = resource;
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: FieldMessages) {
    super(409, 'conflict', message, details);
  }
}

export class PaymentError extends AppError {
  constructor(message: string) {
    super(402, 'payment_failed', message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(429, 'too_many_requests', message);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
