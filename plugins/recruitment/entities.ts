import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../../core/auth/entities.ts';
import { newId } from '../../core/ids.ts';
import type { Answers, Question, Requirements } from './schemas.ts';

/** A recruitment form: what it asks (questions as JSON, in order), who may apply, and which rank it leads to. */
export const RecruitmentFormSchema = defineEntity({
  name: 'RecruitmentForm',
  tableName: 'recruitment_forms',
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    title: p.string().length(100),
    description: p.text(),
    /** The rank an accepted applicant receives (a rank id; null: none). A deleted rank is simply not granted. */
    rank: p.string().nullable(),
    /** Holders of these ranks may view and review the form's applications (besides VIEW_RECRUITMENT_RESPONSE). */
    manageableRanks: p.array().defaultRaw(`'{}'`),
    open: p.boolean().default(false),
    opensAt: p.datetime().nullable(),
    closesAt: p.datetime().nullable(),
    requirements: p.json<Requirements>(),
    questions: p.json<Question[]>(),
    createdBy: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    /** Deleted forms stay for their applications (the applicant still reads theirs); nothing else shows them. */
    deletedAt: p.datetime().nullable(),
  },
});
export type RecruitmentForm = InferEntity<typeof RecruitmentFormSchema>;

/** One user's answers to one form, with the questions as they were asked. */
export const ApplicationSchema = defineEntity({
  name: 'Application',
  tableName: 'recruitment_applications',
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    form: () => p.manyToOne(RecruitmentFormSchema).deleteRule('cascade').index(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    formTitle: p.string().length(100),
    questions: p.json<Question[]>(),
    answers: p.json<Answers>(),
    /** PENDING 0, HOLD 1, ACCEPTED 2, DENIED 3 (schemas.ts). */
    status: p.smallint().default(0),
    /** The latest decision's reason, shown to the applicant. */
    reason: p.text().nullable(),
    /** Reviewers only. */
    staffNotes: p.text().nullable(),
    /** When it was accepted or denied (the re-apply cooldown counts from here). */
    decidedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Application = InferEntity<typeof ApplicationSchema>;

/** Every status change of an application: who, when, from, to, why. The first entry (from null) is the submission. */
export const ApplicationHistorySchema = defineEntity({
  name: 'ApplicationHistory',
  tableName: 'recruitment_application_history',
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    application: () => p.manyToOne(ApplicationSchema).deleteRule('cascade').index(),
    from: p.smallint().nullable(),
    to: p.smallint(),
    reason: p.text().nullable(),
    /** Who changed it (the applicant for the submission). */
    by: p.string(),
    byName: p.string().length(64),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ApplicationHistory = InferEntity<typeof ApplicationHistorySchema>;
