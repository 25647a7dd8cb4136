/**
 * The browser's API client: JSON in and out, the session cookie rides along (same origin). A failed call becomes
 * the specification's error object: statusCode plus the server's body fields; with no response, statusCode 500
 * and 'Unknown error has occurred'.
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

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(500, { message: 'Unknown error has occurred' });
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new ApiRequestError(response.status, data);
  return data as T;
}

/** What to show a user for a failed call: the server's message, or the specification's unknown-error text. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : 'Unknown error has occurred';
}
