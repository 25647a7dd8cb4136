import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../../core/auth/entities.ts';
import { newId } from '../../core/ids.ts';
import { LEAVE_STATUSES } from './schemas.ts';

/**
 * A member's request to be away, and what became of it. `from` and `until` are UTC calendar days (`YYYY-MM-DD`, both
 * included), stored as text so they compare as days without any time zone. "On leave now" is not stored: it is an
 * APPROVED request whose days include today, so a leave ends by itself when its days pass.
 */
export const LeaveRequestSchema = defineEntity({
  name: 'LeaveRequest',
  tableName: 'leave_requests',
  checks: [{ name: 'leave_requests_days_check', expression: '"until" >= "from"' }],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    from: p.string().length(10),
    until: p.string().length(10),
    reason: p.text(),
    status: p.enum(LEAVE_STATUSES).default('PENDING').index(),
    createdBy: p.string(),
    decidedBy: p.string().nullable(),
    note: p.text().nullable(),
    decidedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type LeaveRequest = InferEntity<typeof LeaveRequestSchema>;
