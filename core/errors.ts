import type { Locale } from './i18n/locales.ts';

/** The one error a service throws; the HTTP error handler and the bot's error path map `kind` to a status or a reply. */
export const ERROR_KINDS = {
  bad_request: { statusCode: 400, error: 'Bad Request' },
  unauthorized: { statusCode: 401, error: 'Unauthorized' },
  forbidden: { statusCode: 403, error: 'Forbidden' },
  not_found: { statusCode: 404, error: 'Not Found' },
  method_not_allowed: { statusCode: 405, error: 'Method Not Allowed' },
  conflict: { statusCode: 409, error: 'Conflict' },
  payload_too_large: { statusCode: 413, error: 'Payload Too Large' },
  unsupported_media_type: { statusCode: 415, error: 'Unsupported Media Type' },
  rate_limited: { statusCode: 429, error: 'Too Many Requests' },
  unavailable: { statusCode: 503, error: 'Service Unavailable' },
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;

export class DomainError extends Error {
  override name = 'DomainError';
  readonly kind: ErrorKind;
  /** Extra fields merged into the error body (e.g. the ban's reason and expiry, an order's current state). */
  readonly details: Record<string, unknown> | undefined;
  /**
   * The message in another language, where the service words it from its catalogue (`localizedError`, core/i18n):
   * the bot answers in the caller's; the API's `message` stays English.
   */
  readonly inLocale: ((locale: Locale) => string) | undefined;

  constructor(
    kind: ErrorKind,
    message: string,
    details?: Record<string, unknown>,
    inLocale?: (locale: Locale) => string,
  ) {
    super(message);
    this.kind = kind;
    this.details = details;
    this.inLocale = inLocale;
  }

  get statusCode(): number {
    return ERROR_KINDS[this.kind].statusCode;
  }
}

/** The error body every endpoint answers with: `{ statusCode, error, message }` (+ `issues` on a 400). */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  issues?: unknown[];
  [extra: string]: unknown;
}
