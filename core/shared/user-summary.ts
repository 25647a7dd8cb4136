import { z } from 'zod';
import { AnswerIdSchema } from './ids.ts';

/**
 * Who someone is, as lists show them: the `users` row's name and avatar (core/auth/user-summaries.ts reads them). The
 * one schema of a person in the plugins' answers.
 */
export const UserSummarySchema = z.strictObject({
  id: AnswerIdSchema,
  username: z.string(),
  displayName: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type UserSummary = z.output<typeof UserSummarySchema>;
