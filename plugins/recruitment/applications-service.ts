import type { InferKyselyDB } from '@mikro-orm/sql';
import { sql } from 'kysely';
import type { z } from 'zod';
import { nameOf } from '../../core/audit/service.ts';
import { type User, UserSchema } from '../../core/auth/entities.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { containsPattern } from '../../core/db/like.ts';
import { lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import { httpCatalogue } from '../../core/http/i18n/index.ts';
import { localizedError, schemaWordingFrom } from '../../core/i18n/catalogue.ts';
import type { Locale } from '../../core/i18n/locales.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { idDate, isId } from '../../core/shared/ids.ts';
import { withSchemaWording } from '../../core/shared/schema-words.ts';
import { ranksOfIn } from '../ranks/index.ts';
import { reapplyAtIn } from '../users/index.ts';
import { reviewableFormIds } from './access.ts';
import { type Application, ApplicationHistorySchema, ApplicationSchema, type RecruitmentForm } from './entities.ts';
import { type RecruitmentKey, recruitmentCatalogue, recruitmentText } from './i18n/index.ts';
import {
  type Answers,
  APPLICATION_STATUS,
  type ApplicationsFilter,
  type ApplicationView,
  answersSchema,
  type FormApplicationsResponse,
  mayReview,
  OPEN_STATUSES,
  type Question,
} from './schemas.ts';
import { applicationViews, DAY, formIn, toApplicationView, toFormView, whenText } from './service.ts';

/** An answer's problems' words: this plugin's `schema.answer.*`, and core's for a text it cannot store (`text.*`). */
const answerWordingIn = schemaWordingFrom([recruitmentCatalogue, httpCatalogue]);

/** A refusal that names a time: `{when}` as each language writes it (`25 Nov 2026, 14:05 UTC` in English). */
function refusalAt(key: RecruitmentKey, when: Date): DomainError {
  return localizedError(recruitmentText, 'conflict', key, (locale) => ({ when: whenText(when, locale) }));
}

/** Which statuses a list filter shows. */
function statusesOf(filter: ApplicationsFilter): readonly number[] | null {
  if (filter === 'all') return null;
  if (filter === 'open') return OPEN_STATUSES;
  return [APPLICATION_STATUS[filter.toUpperCase() as keyof typeof APPLICATION_STATUS]];
}

export interface ApplicationsListQuery {
  /** null: every form the caller may review. */
  formId: string | null;
  filter: ApplicationsFilter;
  search?: string;
  page: number;
  pageSize: number;
  /** By the time sent; the default: waiting ones oldest first (a queue), decided ones newest first. */
  order?: 'asc' | 'desc';
}

export interface ApplicationsList {
  responses: ApplicationView[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ApplicationsServiceDeps extends Pick<ServiceKernel, 'orm' | 'now'> {}

/** Applying to a form (within its rules) and reading applications: one's own, or those of the forms one reviews (§6's view rule). */
export class ApplicationsService {
  readonly #orm: Orm;
  readonly #now: () => number;

  constructor({ orm, now }: ApplicationsServiceDeps) {
    this.#orm = orm;
    this.#now = now;
  }

  /**
   * POST .../forms/{id}/response. Under the applicant's row lock, so one user's applications are decided one after
   * the other: twenty at once give one application, the others a 409.
   */
  async submit(actor: CurrentUser, formId: string, rawAnswers: Record<string, unknown>): Promise<ApplicationView> {
    const now = this.#now();
    const { application, history } = await this.#orm.em.fork().transactional(async (em) => {
      await lockRow(em, UserSchema, actor.id);
      const form = await formIn(em, formId);
      if (!form.open) throw localizedError(recruitmentText, 'conflict', 'refusal.formClosed');
      if (form.opensAt && form.opensAt.getTime() > now) throw refusalAt('refusal.notOpenYet', form.opensAt);
      if (form.closesAt && form.closesAt.getTime() <= now) throw refusalAt('refusal.closedOn', form.closesAt);
      const user = await em.findOneOrFail(UserSchema, { id: actor.id });
      await this.#checkRequirements(em, form, user, now);
      const answers = this.#parseAnswers(form.questions, rawAnswers);
      const application = em.create(ApplicationSchema, {
        form,
        user,
        formTitle: form.title,
        questions: form.questions,
        answers,
        status: APPLICATION_STATUS.PENDING,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      });
      const history = em.create(ApplicationHistorySchema, {
        application,
        from: null,
        to: APPLICATION_STATUS.PENDING,
        by: actor.id,
        byName: nameOf(actor).slice(0, 64),
        createdAt: new Date(now),
      });
      return { application, history };
    });
    return toApplicationView(application, [history], false);
  }

  async #checkRequirements(em: Em, form: RecruitmentForm, user: User, now: number): Promise<void> {
    const req = form.requirements;
    const open = { $in: [...OPEN_STATUSES] };
    if (await em.count(ApplicationSchema, { user: user.id, form: form.id, status: open })) {
      throw localizedError(recruitmentText, 'conflict', 'refusal.openApplication');
    }
    const reapplyAt = await reapplyAtIn(em, user.id);
    if (reapplyAt && reapplyAt.getTime() > now) {
      throw refusalAt('refusal.resignedRecently', reapplyAt);
    }
    if (req.reapplyCooldownDays > 0) {
      const denied = await em.findOne(
        ApplicationSchema,
        {
          user: user.id,
          form: form.id,
          status: APPLICATION_STATUS.DENIED,
          decidedAt: { $gt: new Date(now - req.reapplyCooldownDays * DAY) },
        },
        { orderBy: { decidedAt: 'desc' } },
      );
      if (denied?.decidedAt) {
        const again = new Date(denied.decidedAt.getTime() + req.reapplyCooldownDays * DAY);
        throw refusalAt('refusal.deniedRecently', again);
      }
    }
    if (req.minAccountAgeDays > 0 && isId(user.id)) {
      const age = Math.floor((now - idDate(user.id).getTime()) / DAY);
      if (age < req.minAccountAgeDays) {
        throw localizedError(recruitmentText, 'forbidden', 'refusal.accountTooNew', {
          min: req.minAccountAgeDays,
          age: Math.max(0, age),
        });
      }
    }
    if (req.notStaff && (await ranksOfIn(em, user.id)).length > 0) {
      throw localizedError(recruitmentText, 'forbidden', 'refusal.notStaffOnly');
    }
    if (req.oneAtATime && (await em.count(ApplicationSchema, { user: user.id, status: open }))) {
      throw localizedError(recruitmentText, 'forbidden', 'refusal.oneAtATime');
    }
  }

  /**
   * The answers against the form's questions: a 400 naming the question (its label as written in the message, its id
   * in `question`), the problem in the reader's language (`inLocale`: the same schema parsed again with its messages
   * worded from the catalogues in that language, as any refused schema's are).
   */
  #parseAnswers(questions: readonly Question[], raw: Record<string, unknown>): Answers {
    const schema = answersSchema(questions);
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    const { issues } = result.error;
    const refusal = (list: readonly z.core.$ZodIssue[]) => {
      const issue = list[0]!;
      const questionId = String(issue.path[0] ?? (issue.code === 'unrecognized_keys' ? issue.keys[0] : ''));
      const question = questions.find((q) => q.id === questionId);
      return { question, message: question ? `${question.label}: ${issue.message}` : issue.message };
    };
    const { question, message } = refusal(issues);
    // zod words an issue when its error is first read: read inside the wording.
    const inLocale = (locale: Locale) =>
      refusal(withSchemaWording(answerWordingIn(locale), () => schema.safeParse(raw).error?.issues) ?? issues).message;
    throw new DomainError(
      'bad_request',
      message,
      {
        question: question?.id ?? null,
        issues: issues.slice(0, 20).map((i) => ({ path: ['answers', ...i.path.map(String)], message: i.message })),
      },
      inLocale,
    );
  }

  // ---- Reading applications ----

  /** GET .../forms/{id}/applications: the form and one page of its applications. */
  async formApplications(
    actor: CurrentUser,
    formId: string,
    query: Omit<ApplicationsListQuery, 'formId'>,
  ): Promise<FormApplicationsResponse> {
    const em = this.#orm.em.fork();
    const form = await formIn(em, formId);
    if (!mayReview(actor, form))
      throw localizedError(recruitmentText, 'forbidden', 'refusal.mayNotViewFormApplications');
    const list = await this.#list(em, [form.id], query);
    return { form: toFormView(form, this.#now()), ...list };
  }

  /** Every application the caller may review (the view rule per form), filtered and paged. */
  async applications(actor: CurrentUser, query: ApplicationsListQuery): Promise<ApplicationsList> {
    const em = this.#orm.em.fork();
    const formIds = await reviewableFormIds(em, actor);
    if (formIds === null) throw localizedError(recruitmentText, 'forbidden', 'refusal.mayNotViewApplications');
    const wanted = query.formId ? formIds.filter((id) => id === query.formId) : formIds;
    return this.#list(em, wanted, query);
  }

  /** GET /api/client/recruitment/{userId}/applications: all of one's own; a reviewer's, only to forms they review. */
  async userApplications(actor: CurrentUser, userId: string): Promise<ApplicationView[]> {
    const em = this.#orm.em.fork();
    if (userId === actor.id) {
      const rows = await em.find(
        ApplicationSchema,
        { user: userId },
        { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 },
      );
      return applicationViews(em, rows, false);
    }
    const formIds = await reviewableFormIds(em, actor);
    if (formIds === null) throw localizedError(recruitmentText, 'forbidden', 'refusal.mayNotViewOthers');
    const rows = await em.find(
      ApplicationSchema,
      { user: userId, form: { $in: formIds } },
      { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 },
    );
    return applicationViews(em, rows, true);
  }

  /** One application: the applicant sees theirs (never the staff notes nor who reviewed), a reviewer of its form all of it. */
  async getApplication(actor: CurrentUser, id: string): Promise<ApplicationView> {
    const em = this.#orm.em.fork();
    const application = isId(id) ? await em.findOne(ApplicationSchema, { id }, { populate: ['user', 'form'] }) : null;
    if (!application) throw localizedError(recruitmentText, 'not_found', 'refusal.applicationNotFound');
    const own = application.user.id === actor.id;
    if (!own && !mayReview(actor, application.form))
      throw localizedError(recruitmentText, 'forbidden', 'refusal.mayNotViewApplication');
    return (await applicationViews(em, [application], !own))[0]!;
  }

  /** The application as the caller may see it, or null when there is none or they may not (the site's pages answer 404). */
  async findApplication(actor: CurrentUser, id: string): Promise<ApplicationView | null> {
    return this.getApplication(actor, id).catch((error: unknown) => {
      if (error instanceof DomainError && (error.kind === 'not_found' || error.kind === 'forbidden')) return null;
      throw error;
    });
  }

  async #list(
    em: Em,
    formIds: readonly string[],
    query: Omit<ApplicationsListQuery, 'formId'>,
  ): Promise<ApplicationsList> {
    const page = query.page;
    const pageSize = query.pageSize;
    if (formIds.length === 0) return { responses: [], total: 0, page, pageSize };
    const statuses = statusesOf(query.filter);
    const search = query.search?.trim();
    const matching = em
      .getKysely<InferKyselyDB<typeof ApplicationSchema | typeof UserSchema>>()
      .selectFrom('recruitment_applications as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .where('a.form_id', 'in', [...formIds])
      .$if(statuses !== null, (qb) => qb.where('a.status', 'in', [...statuses!]))
      .$if(Boolean(search), (qb) => {
        const like = containsPattern(search!);
        return qb.where((eb) =>
          eb.or([
            eb(sql<string>`${eb.ref('a.answers')}::text`, 'ilike', like),
            eb('u.username', 'ilike', like),
            eb('u.display_name', 'ilike', like),
            eb('a.user_id', '=', search!),
          ]),
        );
      });
    // Waiting applications oldest first (a queue); decided ones newest first.
    const order =
      query.order ??
      (query.filter === 'open' || query.filter === 'pending' || query.filter === 'hold' ? 'asc' : 'desc');
    const [rows, count] = await Promise.all([
      matching
        .select('a.id')
        .orderBy('a.created_at', order)
        .orderBy('a.id', order)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      matching.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
    ]);
    const ids = rows.map((r) => r.id);
    const found = ids.length ? await em.find(ApplicationSchema, { id: { $in: ids } }, { populate: ['user'] }) : [];
    const byId = new Map(found.map((a) => [a.id, a]));
    const ordered = ids.map((id) => byId.get(id)).filter((a): a is Application => Boolean(a));
    return { responses: await applicationViews(em, ordered, true), total: Number(count?.n ?? 0), page, pageSize };
  }
}
