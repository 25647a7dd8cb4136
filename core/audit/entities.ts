import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { newId } from '../ids.ts';

/**
 * One row per admin write, written in the write's own transaction (core/audit/service.ts). Names are copied at the
 * time (the actor's and the target's), so the log still reads right after a rename or a deletion. No foreign keys:
 * an entry outlives the user, rank or order it is about.
 */
export const AuditEntrySchema = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_log',
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    at: p.datetime(),
    actorId: p.string().length(32),
    actorName: p.string().length(64),
    /** `<target type>.<what>[.<how>]`, one the plugins declared (schemas.ts `AuditActions`, catalogue.ts). */
    action: p.string().length(64),
    targetType: p.string().length(32),
    /** An ID, or a setting's key. */
    targetId: p.string().length(64),
    targetName: p.string().length(100),
    before: p.json<Record<string, unknown>>().nullable(),
    after: p.json<Record<string, unknown>>().nullable(),
    reason: p.text().nullable(),
  },
  // The screen's filters, each newest first: everything, by actor, by target, by action.
  indexes: [
    { properties: ['at'] },
    { properties: ['actorId', 'at'] },
    { properties: ['targetType', 'targetId', 'at'] },
    { properties: ['action', 'at'] },
  ],
});
export type AuditEntry = InferEntity<typeof AuditEntrySchema>;

export const auditEntities = [AuditEntrySchema];
