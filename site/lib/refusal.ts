import type { z } from 'zod';
import { validationMessage } from '../../core/shared/validation.ts';

/** A refusal found before any call: the server's message, and the control it speaks of (absent: the form). */
export interface Refusal {
  message: string;
  field?: string;
}

/**
 * What the server would answer to `body` when the route's own zod schema refuses it (its 400's message, worded by the
 * same function), worked out in the browser before the call; null when the body passes. `fields` names the control
 * of each body field, so the form marks the one the message is about. `part` is the part of the request checked, as
 * the server's message names it: `body`, or `query` for a query string (a search box sent as `?query=`).
 */
export function refusalOf(
  schema: z.ZodType,
  body: unknown,
  fields: Readonly<Record<string, string>> = {},
  part: 'body' | 'query' = 'body',
): Refusal | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const key = result.error.issues[0]?.path[0];
  const field = typeof key === 'string' ? fields[key] : undefined;
  return { message: validationMessage(part, result.error.issues), ...(field ? { field } : {}) };
}
