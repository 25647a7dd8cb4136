/**
 * What every browser call shares (the calls themselves go through the typed client, site/lib/client.ts): a failed
 * call becomes the specification's error object, statusCode plus the server's body fields (with no response,
 * statusCode 500 and 'Unknown error has occurred'); the message a user is shown; the minimum loading display.
 */
export interface ApiError {
  statusCode: number;
  message: string;
  [field: string]: unknown;
}

export class ApiRequestError extends Error implements ApiError {
  readonly statusCode: number;
  readonly body: Record<string, unknown>;
  [field: string]: unknown;

  constructor(statusCode: number, body: Record<string, unknown>) {
    super(typeof body.message === 'string' ? body.message : 'Unknown error has occurred');
    this.statusCode = statusCode;
    this.body = body;
  }
}

/** What to show a user for a failed call: the server's message, or the specification's unknown-error text. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : 'Unknown error has occurred';
}

/** The specification's fetch minimum display delay (§9). */
export const MIN_LOADING_DISPLAY_MS = 200;

/**
 * Wrap the call a loading state waits for: it settles as `call` does, but no sooner than 200 ms after it started, so
 * a spinner, a disabled button or a dimmed list never flashes on and off for a quick answer. Every loading state of
 * the site awaits its call through this.
 */
export async function withMinimumDisplay<T>(call: Promise<T>): Promise<T> {
  const shownUntil = Date.now() + MIN_LOADING_DISPLAY_MS;
  try {
    return await call;
  } finally {
    const left = shownUntil - Date.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
