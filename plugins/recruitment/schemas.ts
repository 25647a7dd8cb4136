import { z } from 'zod';
import { AnswerIdSchema, snowflakeId } from '../../core/shared/ids.ts';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import { type Grants, meets } from '../../core/shared/permissions.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { displayName, text } from '../../core/shared/text.ts';
import { type UserSummary, UserSummarySchema } from '../../core/shared/user-summary.ts';
import type { RecruitmentKey, recruitmentCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof recruitmentCatalogue>('recruitment');

/**
 * Recruitment's contract, shared by the API, the service and the site (pure: no Node, no database). The one rule
 * the server and the form page both apply is `answersSchema`: the zod schema of a form's answers, built from its
 * questions.
 */

/** §4: the application statuses, with the numbers the client state uses. */
export const APPLICATION_STATUS = { PENDING: 0, HOLD: 1, ACCEPTED: 2, DENIED: 3 } as const;
export type ApplicationStatusName = keyof typeof APPLICATION_STATUS;
export type ApplicationStatus = (typeof APPLICATION_STATUS)[ApplicationStatusName];
export const STATUS_NAMES = Object.keys(APPLICATION_STATUS) as ApplicationStatusName[];
/** Pending and on hold: still waiting for a decision. */
export const OPEN_STATUSES: readonly ApplicationStatus[] = [APPLICATION_STATUS.PENDING, APPLICATION_STATUS.HOLD];
export const isOpenStatus = (status: number): boolean => (OPEN_STATUSES as readonly number[]).includes(status);
export const statusName = (status: number): ApplicationStatusName | null =>
  STATUS_NAMES.find((n) => APPLICATION_STATUS[n] === status) ?? null;

/** What the view rule needs to know of a caller: their permissions and perks, and the ranks they hold. */
export type Reviewer = Grants & { ranks: readonly { id: string }[] };

/**
 * §6's recruitment view rule: VIEW_RECRUITMENT_RESPONSE (SUPER_ADMIN passes every check), or a rank in the form's
 * manageableRanks. The service applies it to every read and review; the admin pages to what they offer.
 */
export function mayReview(actor: Reviewer, form: { manageableRanks: readonly string[] }): boolean {
  return (
    meets(actor, { all: ['VIEW_RECRUITMENT_RESPONSE'] }) ||
    actor.ranks.some((rank) => form.manageableRanks.includes(rank.id))
  );
}

export const QUESTION_TYPES = ['short', 'paragraph', 'single', 'multiple', 'number', 'yesno'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Default and largest lengths of a text answer. */
export const TEXT_LIMITS = { short: 200, paragraph: 4000 } as const;
export const MAX_QUESTIONS = 50;
export const MAX_OPTIONS = 20;

export const QuestionSchema = z.strictObject({
  /** Stable within the form (the answers are keyed by it). */
  id: z.string(),
  type: z.enum(QUESTION_TYPES),
  label: z.string(),
  help: z.string().nullable(),
  required: z.boolean(),
  /** Text: length; number: value; multiple choice: how many picked. null: no limit of its own. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Single and multiple choice only. */
  options: z.array(z.string()),
});
export type Question = z.output<typeof QuestionSchema>;

export const AnswerSchema = z.union([z.string(), z.array(z.string()), z.number(), z.boolean(), z.null()]);
export type Answer = z.output<typeof AnswerSchema>;
export type Answers = Record<string, Answer>;

/** A key of an answer's problem in the recruitment catalogue (`schema.answer.*`). */
type AnswerProblemKey = Extract<RecruitmentKey, `schema.answer.${string}`>;

/**
 * An answer's problem, as zod's `error`: worded as the parse runs (`said.text`), in the language of the parse under
 * way, English when none is set. Not declared (`said(…)`): a form's answers schema is made per form, per request, with
 * its own limits, and a declared message per limit would pile up; schemas.test.ts holds every problem's English
 * against the catalogue's instead.
 */
function problem(key: AnswerProblemKey, english: string, values?: Readonly<Record<string, number>>) {
  return { error: () => said.text(key, english, values) };
}

/** What an empty answer is, per type: the form page sends '' for an untouched text box and [] for no box ticked. */
export function isEmptyAnswer(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function answerSchema(question: Question): z.ZodType<Answer> {
  const { min, max } = question;
  let schema: z.ZodType<Answer>;
  switch (question.type) {
    case 'short':
    case 'paragraph': {
      const most = Math.min(max ?? TEXT_LIMITS[question.type], TEXT_LIMITS[question.type]);
      let s = text()
        .trim()
        .max(most, problem('schema.answer.tooLong', `At most ${most} characters.`, { max: most }));
      if (min) s = s.min(min, problem('schema.answer.tooShort', `At least ${min} characters.`, { min }));
      schema = s;
      break;
    }
    case 'single':
      schema = z.enum(
        question.options as [string, ...string[]],
        problem('schema.answer.pickOne', 'Pick one of the options.'),
      );
      break;
    case 'multiple': {
      const among = problem('schema.answer.pickAmong', 'Pick among the options.');
      let s = z
        .array(z.enum(question.options as [string, ...string[]], among), among)
        .refine((list) => new Set(list).size === list.length, problem('schema.answer.eachOnce', 'Each option once.'));
      if (min)
        s = s.refine(
          (list) => list.length >= min,
          problem('schema.answer.pickAtLeast', `Pick at least ${min}.`, { min }),
        );
      if (max)
        s = s.refine(
          (list) => list.length <= max,
          problem('schema.answer.pickAtMost', `Pick at most ${max}.`, { max }),
        );
      schema = s;
      break;
    }
    case 'number': {
      const number = problem('schema.answer.number', 'Enter a number.');
      let s = z.number(number).refine(Number.isFinite, number);
      if (min !== null) s = s.refine((n) => n >= min, problem('schema.answer.atLeast', `At least ${min}.`, { min }));
      if (max !== null) s = s.refine((n) => n <= max, problem('schema.answer.atMost', `At most ${max}.`, { max }));
      schema = s;
      break;
    }
    case 'yesno':
      schema = z.boolean(problem('schema.answer.yesOrNo', 'Answer yes or no.'));
      break;
  }
  // An empty answer ('' or [] from the page, or nothing) is null: refused with one message when required.
  const empty = (value: unknown) =>
    isEmptyAnswer(value) || (typeof value === 'string' && value.trim() === '') ? null : value;
  return z
    .preprocess(empty, schema.nullable())
    .refine(
      (value) => !question.required || value !== null,
      problem('schema.answer.needed', 'This question needs an answer.'),
    ) as z.ZodType<Answer>;
}

/** A question's answer in stored or sent answers: own properties only, so a question named `toString` is never read from the prototype. */
export function answerOf(answers: Readonly<Answers>, id: string): Answer | undefined {
  return Object.hasOwn(answers, id) ? answers[id] : undefined;
}

/**
 * The schema of a form's answers: one key per question (a missing optional answer becomes null), no other key.
 * An issue's path starts with the question's id, and its message is written for the applicant, in the language of
 * the parse (`withSchemaWording`; English when none is set). Read as a Map of the object's own entries rather than as
 * a zod object keyed by question id: a zod object reads `input[key]`, which for a question stored as `toString` or
 * `__proto__` (before ids were checked) finds Object.prototype's member.
 */
export function answersSchema(questions: readonly Question[]): z.ZodType<Answers> {
  const schemas = new Map(questions.map((question) => [question.id, answerSchema(question)]));
  return z.unknown().transform((raw, ctx) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      ctx.addIssue({
        code: 'custom',
        message: said.text('schema.answer.notAnObject', 'Send the answers as an object.'),
      });
      return z.NEVER;
    }
    const given = new Map(Object.entries(raw));
    const unasked = [...given.keys()].filter((key) => !schemas.has(key));
    if (unasked.length > 0)
      ctx.addIssue({
        code: 'unrecognized_keys',
        keys: unasked,
        message: said.text('schema.answer.unasked', 'An answer to a question this form does not ask.'),
      });
    const answers: [string, Answer][] = [];
    for (const [id, schema] of schemas) {
      const result = schema.safeParse(given.get(id));
      if (result.success) answers.push([id, result.data]);
      else
        for (const issue of result.error.issues)
          ctx.addIssue({ code: 'custom', path: [id, ...issue.path], message: issue.message });
    }
    // fromEntries defines own properties: a `__proto__` answer stays an answer.
    return Object.fromEntries(answers);
  }) as unknown as z.ZodType<Answers>;
}

/**
 * The first error of each question, by id, from the same schema the server applies (the form page shows them), in
 * the language of the wording set around the call (`withSchemaWording`, with the words the page handed the island).
 */
export function answerErrors(questions: readonly Question[], answers: Answers): Map<string, string> {
  const errors = new Map<string, string>();
  for (const issue of answersSchema(questions).safeParse(answers).error?.issues ?? []) {
    const key = String(issue.path[0] ?? '');
    if (key && !errors.has(key)) errors.set(key, issue.message);
  }
  return errors;
}

// ---- Requests ----

const RankIdSchema = snowflakeId('Rank');
/**
 * Answers are keyed by question id, so an id may not be a name every object already has (`__proto__`, `constructor`,
 * `toString`…): such a question's answer would be read from, or written to, the prototype.
 */
const INHERITED_NAMES = Object.getOwnPropertyNames(Object.prototype);
export const QUESTION_ID_RE = new RegExp(`^(?!(?:${INHERITED_NAMES.join('|')})$)[A-Za-z0-9_-]{1,40}$`);
const QuestionIdSchema = text().regex(
  QUESTION_ID_RE,
  said(
    'schema.questionId',
    'A question id is 1 to 40 letters, digits, - or _, and not a name every object has (such as constructor or __proto__)',
  ),
);
const Limit = z.int().min(0).max(1_000_000).nullable().default(null);

export const QuestionInputSchema = z
  .strictObject({
    id: QuestionIdSchema.optional(),
    type: z.enum(QUESTION_TYPES),
    label: displayName({ what: said.phrase('schema.name.question', 'A question'), max: 200 }),
    help: text().trim().max(500).nullable().default(null),
    required: z.boolean().default(false),
    min: Limit,
    max: Limit,
    options: z
      .array(displayName({ what: said.phrase('schema.name.option', 'An option'), max: 100 }))
      .max(MAX_OPTIONS)
      .default([]),
  })
  .superRefine((q, ctx) => {
    const label = { label: q.label };
    const refuse = (path: 'options' | 'min' | 'max', message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const choice = q.type === 'single' || q.type === 'multiple';
    if (choice && q.options.length < 2)
      refuse('options', said.text('schema.twoOptions', `"${q.label}" needs at least two options.`, label));
    if (!choice && q.options.length > 0)
      refuse('options', said.text('schema.noOptions', `"${q.label}" is not a choice: it takes no options.`, label));
    if (new Set(q.options).size !== q.options.length)
      refuse('options', said.text('schema.optionTwice', `"${q.label}" lists an option twice.`, label));
    if (q.min !== null && q.max !== null && q.min > q.max)
      refuse('min', said.text('schema.minAboveMax', `"${q.label}": the minimum is above the maximum.`, label));
    if (q.type === 'yesno' || q.type === 'single') {
      if (q.min !== null || q.max !== null)
        refuse('min', said.text('schema.noLimits', `"${q.label}" takes no limits.`, label));
    }
    const most = limitOf(q);
    for (const field of ['min', 'max'] as const) {
      const value = q[field];
      if (most && value !== null && value > most.value)
        refuse(
          field,
          said.text(
            'schema.limitAbove',
            `"${q.label}": the ${field === 'min' ? 'minimum' : 'maximum'} is above ${most.value}, ${most.what}.`,
            { ...label, field, most: most.value, kind: q.type === 'multiple' ? 'options' : q.type },
          ),
        );
    }
  });

/** The largest limit a question's type takes, or null when the request's own bound is the only one (numbers). */
function limitOf(q: { type: QuestionType; options: readonly string[] }): { value: number; what: string } | null {
  if (q.type === 'short' || q.type === 'paragraph')
    return {
      value: TEXT_LIMITS[q.type],
      what: `the most a ${q.type === 'short' ? 'short' : 'paragraph'} answer holds`,
    };
  if (q.type === 'multiple') return { value: q.options.length, what: 'the number of options' };
  return null;
}
export type QuestionInput = z.output<typeof QuestionInputSchema>;

export const RequirementsSchema = z.strictObject({
  /** The applicant's Discord account is at least this many days old (from their snowflake's date). */
  minAccountAgeDays: z.int().min(0).max(3650).default(0),
  /** The applicant holds no rank yet. */
  notStaff: z.boolean().default(false),
  /** No open (pending or on hold) application to any form. */
  oneAtATime: z.boolean().default(false),
  /** Days after a denial before the same form takes a new application from that user. */
  reapplyCooldownDays: z.int().min(0).max(365).default(0),
});
export type Requirements = z.output<typeof RequirementsSchema>;
export const DEFAULT_REQUIREMENTS: Requirements = {
  minAccountAgeDays: 0,
  notStaff: false,
  oneAtATime: false,
  reapplyCooldownDays: 0,
};

const When = z.iso.datetime({ offset: true }).nullable();

const formFields = {
  title: displayName({ what: said.phrase('schema.name.title', 'A title'), max: 100 }),
  description: text().trim().max(4000),
  rank: RankIdSchema.nullable(),
  manageableRanks: z.array(RankIdSchema).max(25),
  open: z.boolean(),
  opensAt: When,
  closesAt: When,
  requirements: RequirementsSchema,
  questions: z
    .array(QuestionInputSchema)
    .min(1, said('schema.noQuestion', 'A form asks at least one question.'))
    .max(MAX_QUESTIONS),
};

function checkForm(
  form: { opensAt?: string | null; closesAt?: string | null; questions?: QuestionInput[] },
  ctx: z.RefinementCtx,
): void {
  if (form.opensAt && form.closesAt && new Date(form.opensAt) >= new Date(form.closesAt)) {
    ctx.addIssue({
      code: 'custom',
      path: ['closesAt'],
      message: said.text('schema.closesAfterOpens', 'The form must close after it opens.'),
    });
  }
  const ids = (form.questions ?? []).map((q) => q.id).filter(Boolean);
  if (new Set(ids).size !== ids.length)
    ctx.addIssue({
      code: 'custom',
      path: ['questions'],
      message: said.text('schema.questionIdTwice', 'Two questions share an id.'),
    });
}

export const CreateFormBodySchema = z
  .strictObject({
    ...formFields,
    description: formFields.description.default(''),
    rank: formFields.rank.default(null),
    manageableRanks: formFields.manageableRanks.default([]),
    open: formFields.open.default(false),
    opensAt: When.default(null),
    closesAt: When.default(null),
    requirements: RequirementsSchema.default(DEFAULT_REQUIREMENTS),
  })
  .superRefine(checkForm);
export type CreateFormInput = z.output<typeof CreateFormBodySchema>;

export const UpdateFormBodySchema = z
  .strictObject({
    title: formFields.title.optional(),
    description: formFields.description.optional(),
    rank: formFields.rank.optional(),
    manageableRanks: formFields.manageableRanks.optional(),
    open: formFields.open.optional(),
    opensAt: When.optional(),
    closesAt: When.optional(),
    requirements: RequirementsSchema.optional(),
    questions: formFields.questions.optional(),
  })
  .superRefine(checkForm)
  .refine((body) => Object.keys(body).length > 0, said('schema.nothingToChange', 'Nothing to change'));
export type UpdateFormInput = z.output<typeof UpdateFormBodySchema>;

export const FormIdParamsSchema = z.strictObject({ id: snowflakeId('Form') });
export const ApplicationIdParamsSchema = z.strictObject({ id: snowflakeId('Application') });
export const UserApplicationsParamsSchema = z.strictObject({ id: snowflakeId('User') });

export const ApplicationsQuerySchema = z.strictObject({
  /** open: pending and on hold (the default, §4: a decided application leaves the list); all: every status. */
  filter: z.enum(['open', 'all', 'pending', 'hold', 'accepted', 'denied']).default('open'),
  /** Words found in the answers, the applicant's name or ID. */
  search: text().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ApplicationsQuery = z.output<typeof ApplicationsQuerySchema>;
export type ApplicationsFilter = ApplicationsQuery['filter'];

export const FormsQuerySchema = z.strictObject({
  /** open: the forms taking applications now (anyone signed in); manage: every form the caller may review, with counts. */
  scope: z.enum(['open', 'manage']).default('open'),
});

/** POST .../forms/{id}/response. */
export const SubmitBodySchema = z.strictObject({ answers: z.record(text().max(40), z.unknown()) });

export const UpdateStatusBodySchema = z.strictObject({
  status: z.union(
    STATUS_NAMES.map((n) => z.literal(APPLICATION_STATUS[n])) as unknown as [
      z.ZodLiteral<0>,
      z.ZodLiteral<1>,
      z.ZodLiteral<2>,
      z.ZodLiteral<3>,
    ],
  ),
  /** Shown to the applicant with the new status. */
  reason: text().trim().max(1000).nullable().default(null),
  /** Staff only: never shown to the applicant. undefined keeps the notes as they are. */
  staffNotes: text().trim().max(4000).nullable().optional(),
});
export type UpdateStatusInput = z.output<typeof UpdateStatusBodySchema>;

// ---- Views ----

/** The statuses' numbers (APPLICATION_STATUS). */
const ApplicationStatusSchema = z.literal(Object.values(APPLICATION_STATUS));

export const FormViewSchema = z.strictObject({
  id: AnswerIdSchema,
  title: z.string(),
  description: z.string(),
  /** The rank an accepted applicant receives; null: none. */
  rank: AnswerIdSchema.nullable(),
  manageableRanks: z.array(AnswerIdSchema),
  open: z.boolean(),
  opensAt: AnswerMomentSchema.nullable(),
  closesAt: AnswerMomentSchema.nullable(),
  /** Whether it takes applications right now (open, and within its times). */
  acceptingNow: z.boolean(),
  requirements: RequirementsSchema,
  questions: z.array(QuestionSchema),
  createdAt: AnswerMomentSchema,
  updatedAt: AnswerMomentSchema,
});
export type FormView = z.output<typeof FormViewSchema>;

export const StatusCountsSchema = z.strictObject({
  PENDING: z.int().min(0),
  HOLD: z.int().min(0),
  ACCEPTED: z.int().min(0),
  DENIED: z.int().min(0),
});
export type StatusCounts = Record<ApplicationStatusName, number>;

export const ManagedFormViewSchema = FormViewSchema.extend({ counts: StatusCountsSchema });
export type ManagedFormView = z.output<typeof ManagedFormViewSchema>;

export const HistoryViewSchema = z.strictObject({
  id: AnswerIdSchema,
  from: ApplicationStatusSchema.nullable(),
  to: ApplicationStatusSchema,
  reason: z.string().nullable(),
  /** Who made the change; absent in the applicant's own view. */
  by: z.strictObject({ id: AnswerIdSchema, name: z.string() }).nullable().optional(),
  createdAt: AnswerMomentSchema,
});
export type HistoryView = z.output<typeof HistoryViewSchema>;

export const ApplicantViewSchema = UserSummarySchema;
export type ApplicantView = UserSummary;

export const ApplicationViewSchema = z.strictObject({
  id: AnswerIdSchema,
  formId: AnswerIdSchema,
  /** The form's title when the application was made. */
  formTitle: z.string(),
  userID: AnswerIdSchema,
  applicant: ApplicantViewSchema,
  status: ApplicationStatusSchema,
  reason: z.string().nullable(),
  /** Reviewers only: never in the applicant's own view. */
  staffNotes: z.string().nullable().optional(),
  /** The questions as they were asked (a later edit of the form changes nothing here). */
  questions: z.array(QuestionSchema),
  answers: z.record(z.string(), AnswerSchema),
  history: z.array(HistoryViewSchema),
  createdAt: AnswerMomentSchema,
  updatedAt: AnswerMomentSchema,
});
export type ApplicationView = z.output<typeof ApplicationViewSchema>;

/** GET …/forms/{id}/applications: the form and one page of its applications. */
export const FormApplicationsResponseSchema = z.strictObject({
  form: FormViewSchema,
  responses: z.array(ApplicationViewSchema),
  total: z.int().min(0),
  page: z.int().min(1),
  pageSize: z.int().min(1),
});
export type FormApplicationsResponse = z.output<typeof FormApplicationsResponseSchema>;

/** GET …/forms: the forms (with their counts, for those who review them). */
export const FormsResponseSchema = z.strictObject({
  forms: z.union([z.array(ManagedFormViewSchema), z.array(FormViewSchema)]),
});
export const FormResponseSchema = z.strictObject({ form: FormViewSchema });
export const ApplicationResponseSchema = z.strictObject({ application: ApplicationViewSchema });
export const ApplicationsResponseSchema = z.strictObject({ applications: z.array(ApplicationViewSchema) });
