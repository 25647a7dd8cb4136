import { z } from 'zod';

/**
 * A moment in an answer (a route's response schema): an ISO date and time in UTC, as `Date.toISOString()` writes it.
 * The one schema every answer's `createdAt`, `expiresAt`… uses, so the API document says the same of each.
 */
export const AnswerMomentSchema = z.iso.datetime();
