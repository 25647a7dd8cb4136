import createClient from 'openapi-fetch';
import type { paths } from '../generated/api-types.ts';
import { ApiRequestError } from './api.ts';

/**
 * The site's typed API client (openapi-fetch over site/generated/api-types.ts, generated from the API document): a path, a
 * parameter, a body or an answer's field the routes do not have is a `tsc` error. The session cookie rides along
 * (same origin).
 */
export const client = createClient<paths>({ credentials: 'same-origin' });

/**
 * A call's answer, or an ApiRequestError: the server's error body with its status, or 500 'Unknown error has
 * occurred' when no answer came.
 */
export async function answerOf<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: Awaited<typeof call>;
  try {
    result = await call;
  } catch {
    throw new ApiRequestError(500, { message: 'Unknown error has occurred' });
  }
  if (!result.response.ok) {
    const body = typeof result.error === 'object' && result.error !== null ? result.error : {};
    throw new ApiRequestError(result.response.status, body as Record<string, unknown>);
  }
  return result.data as T;
}
