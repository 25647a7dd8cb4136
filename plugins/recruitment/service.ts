import { containsPattern } from '../../core/db/like.ts';
import { randomBytes } from 'node:crypto';
import { nameOf, type AuditLog } from '../../core/audit/service.ts';
import { RankSchema, UserSchema, type User } from '../../core/auth/entities.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import { idDate, isId } from '../../core/shared/ids.ts';
import { meets } from '../../core/shared/permissions.ts';
import { mayGrant } from '../../core/shared/ranking.ts';
import '../notifications/events.ts';
import { RankHistorySchema, ResignationSchema } from '../users/entities.ts';
import '../users/events.ts';
import { REAPPLY_AFTER_MS } from '../users/profile-service.ts';
import { ApplicationHistorySchema, ApplicationSchema, RecruitmentFormSchema, type Application, type ApplicationHistory, type RecruitmentForm } from './entities.ts';
import {
  answersSchema,
  APPLICATION_STATUS,
  isOpenStatus,
  mayReview,
  OPEN_STATUSES,
  statusName,
  type Answers,
  type ApplicationsFilter,
  type ApplicationView,
  type CreateFormInput,
  type FormApplicationsResponse,
  type FormView,
  type HistoryView,
  type ManagedFormView,
  type Question,
  type QuestionInput,
  type StatusCounts,
  type UpdateFormInput,
  type UpdateStatusInput,
} from './schemas.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A date as messages say it: `25 Nov 2026, 14:05 UTC`. */
export function whenText(date: Date): string {
  return `${date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;
}

/** Whether the form takes applications at `now`: open, not deleted, and within its opening and closing times. */
export function acceptingAt(form: Pick<RecruitmentForm, 'open' | 'opensAt' | 'closesAt' | 'deletedAt'>, now: number): boolean {
  if (form.deletedAt || !form.open) return false;
  if (form.opensAt && form.opensAt.getTime() > now) return false;
  return !(form.closesAt && form.closesAt.getTime() <= now);
}

function toFormView(form: RecruitmentForm, now: number): FormView {
  return {
    id: form.id,
    title: form.title,
    description: form.description,
    rank: form.rank ?? null,
    manageableRanks: [...form.manageableRanks],
    open: form.open,
    opensAt: form.opensAt?.toISOString() ?? null,
    closesAt: form.closesAt?.toISOString() ?? null,
    acceptingNow: acceptingAt(form, now),
    requirements: { ...form.requirements },
    questions: form.questions.map((q) => ({ ...q, options: [...q.options] })),
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
  };
}

const emptyCounts = (): StatusCounts => ({ PENDING: 0, HOLD: 0, ACCEPTED: 0, DENIED: 0 });

function toQuestions(inputs: readonly QuestionInput[]): Question[] {
  const taken = new Set(inputs.map((q) => q.id).filter(Boolean));
  return inputs.map((q) => {
    let id = q.id;
    while (!id || (taken.has(id) && id !== q.id)) id = `q${randomBytes(4).toString('hex')}`;
    taken.add(id);
    return { id, type: q.type, label: q.label, help: q.help || null, required: q.required, min: q.min, max: q.max, options: [...q.options] };
  });
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

/** What the applicant is told when a reviewer moves their application (the notice's text). */
function noticeText(formTitle: string, status: number, reason: string | null, rankName: string | null): string {
  const because = reason ? ` Reason: ${reason}` : '';
  switch (status) {
    case APPLICATION_STATUS.ACCEPTED:
      return `Your application to ${formTitle} was accepted${rankName ? `: welcome to the kitchen as ${rankName}` : ''}!${because}`;
    case APPLICATION_STATUS.DENIED:
      return `Your application to ${formTitle} was denied.${because}`;
    case APPLICATION_STATUS.HOLD:
      return `Your application to ${formTitle} is on hold.${because}`;
    default:
      return `Your application to ${formTitle} is pending again.${because}`;
  }
}

/**
 * Recruitment: forms (RECRUITMENT_MANAGER writes them), applications (anyone signed in applies, within the form's
 * rules) and their review (the §6 view rule, checked here because the guard cannot know the form).
 */
export class RecruitmentService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #audit: AuditLog;
  readonly #now: () => number;

  constructor(orm: Orm, events: EventBus, audit: AuditLog, now: () => number) {
    this.#orm = orm;
    this.#events = events;
    this.#audit = audit;
    this.#now = now;
  }

  // ---- Forms ----

  /** The forms taking applications now, oldest first. */
  async openForms(): Promise<FormView[]> {
    const now = this.#now();
    const forms = await this.#orm.em.fork().find(RecruitmentFormSchema, { deletedAt: null, open: true }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return forms.filter((f) => acceptingAt(f, now)).map((f) => toFormView(f, now));
  }

  /**
   * Every form the caller may review (or, with RECRUITMENT_MANAGER, edit), with its applications counted per
   * status. 403 for someone who may do neither with any form.
   */
  async managedForms(actor: CurrentUser): Promise<ManagedFormView[]> {
    const em = this.#orm.em.fork();
    const manager = meets(actor, { all: ['RECRUITMENT_MANAGER'] });
    const forms = (await em.find(RecruitmentFormSchema, { deletedAt: null }, { orderBy: { createdAt: 'asc', id: 'asc' } })).filter((f) => manager || mayReview(actor, f));
    if (forms.length === 0 && !manager && !meets(actor, { all: ['VIEW_RECRUITMENT_RESPONSE'] })) {
      throw new DomainError('forbidden', 'You have insufficient permissions to do that.');
    }
    const counts = new Map<string, StatusCounts>();
    if (forms.length > 0) {
      const rows = await em.execute<{ form_id: string; status: number; n: string | number }[]>(
        `select form_id, status, count(*) as n from recruitment_applications where form_id in (${forms.map(() => '?').join(', ')}) group by form_id, status`,
        forms.map((f) => f.id),
      );
      for (const row of rows) {
        const name = statusName(Number(row.status));
        if (!name) continue;
        const entry = counts.get(row.form_id) ?? emptyCounts();
        entry[name] = Number(row.n);
        counts.set(row.form_id, entry);
      }
    }
    const now = this.#now();
    return forms.map((f) => ({ ...toFormView(f, now), counts: counts.get(f.id) ?? emptyCounts() }));
  }

  async getForm(id: string): Promise<FormView> {
    return toFormView(await this.#form(this.#orm.em.fork(), id), this.#now());
  }

  /** The form, or null when there is none (the site's pages answer 404 then). */
  async findForm(id: string): Promise<FormView | null> {
    return this.getForm(id).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'not_found') return null;
      throw error;
    });
  }

  async createForm(actor: CurrentUser, input: CreateFormInput): Promise<FormView> {
    const form = await this.#orm.em.fork().transactional(async (em) => {
      await this.#checkRanks(em, actor, input.rank, input.manageableRanks);
      const form = em.create(RecruitmentFormSchema, {
        title: input.title,
        description: input.description,
        rank: input.rank,
        manageableRanks: [...new Set(input.manageableRanks)],
        open: input.open,
        opensAt: input.opensAt ? new Date(input.opensAt) : null,
        closesAt: input.closesAt ? new Date(input.closesAt) : null,
        requirements: input.requirements,
        questions: toQuestions(input.questions),
        createdBy: actor.id,
      });
      await this.#audit.record(em, { actor, action: 'recruitmentForm.create', target: { type: 'recruitmentForm', id: form.id, name: form.title }, before: null, after: { title: form.title, open: form.open, rank: form.rank ?? null } });
      return form;
    });
    return toFormView(form, this.#now());
  }

  async updateForm(actor: CurrentUser, id: string, input: UpdateFormInput): Promise<FormView> {
    const form = await this.#orm.em.fork().transactional(async (em) => {
      if (!(await lockRow(em, 'recruitment_forms', id))) throw new DomainError('not_found', 'Recruitment form not found');
      const form = await this.#form(em, id);
      const opensAt = input.opensAt === undefined ? form.opensAt : input.opensAt && new Date(input.opensAt);
      const closesAt = input.closesAt === undefined ? form.closesAt : input.closesAt && new Date(input.closesAt);
      if (opensAt && closesAt && opensAt >= closesAt) throw new DomainError('bad_request', 'The form must close after it opens.');
      // Only a rank the change names is checked: a form keeps a rank its last editor could grant.
      await this.#checkRanks(em, actor, input.rank !== undefined && input.rank !== form.rank ? input.rank : null, input.manageableRanks ?? []);
      const before = { title: form.title, open: form.open, rank: form.rank ?? null, questions: form.questions.length };
      em.assign(form, {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.rank !== undefined && { rank: input.rank }),
        ...(input.manageableRanks !== undefined && { manageableRanks: [...new Set(input.manageableRanks)] }),
        ...(input.open !== undefined && { open: input.open }),
        ...(input.requirements !== undefined && { requirements: input.requirements }),
        ...(input.questions !== undefined && { questions: toQuestions(input.questions) }),
        opensAt: opensAt ?? null,
        closesAt: closesAt ?? null,
      });
      const after = { title: form.title, open: form.open, rank: form.rank ?? null, questions: form.questions.length };
      await this.#audit.record(em, { actor, action: 'recruitmentForm.update', target: { type: 'recruitmentForm', id: form.id, name: form.title }, before, after });
      return form;
    });
    return toFormView(form, this.#now());
  }

  /** The form goes from every list; its applications stay (with their snapshot), so applicants still read theirs. */
  async deleteForm(actor: CurrentUser, id: string): Promise<void> {
    await this.#orm.em.fork().transactional(async (em) => {
      if (!(await lockRow(em, 'recruitment_forms', id))) throw new DomainError('not_found', 'Recruitment form not found');
      const form = await this.#form(em, id);
      form.deletedAt = new Date(this.#now());
      form.open = false;
      await this.#audit.record(em, { actor, action: 'recruitmentForm.delete', target: { type: 'recruitmentForm', id: form.id, name: form.title }, before: { title: form.title }, after: null });
    });
  }

  async #form(em: Em, id: string): Promise<RecruitmentForm> {
    const form = isId(id) ? await em.findOne(RecruitmentFormSchema, { id, deletedAt: null }) : null;
    if (!form) throw new DomainError('not_found', 'Recruitment form not found');
    return form;
  }

  /** The ranks a form names exist, and its rank (what an accepted applicant receives) is one the editor may grant. */
  async #checkRanks(em: Em, actor: CurrentUser, rank: string | null, manageable: readonly string[]): Promise<void> {
    const wanted = [...new Set([...(rank ? [rank] : []), ...manageable])];
    if (wanted.length === 0) return;
    const ranks = await em.find(RankSchema, { id: { $in: wanted } });
    if (ranks.length !== wanted.length) throw new DomainError('bad_request', 'Unknown rank in rank or manageableRanks.');
    const granted = ranks.find((r) => r.id === rank);
    if (granted && !mayGrant(actor, granted)) {
      throw new DomainError('forbidden', `You cannot make a form that hands out ${granted.name}: it is at or above your own rank, or has permissions you lack.`);
    }
  }

  // ---- Applying ----

  /**
   * POST .../forms/{id}/response. Under the applicant's row lock, so one user's applications are decided one after
   * the other: twenty at once give one application, the others a 409.
   */
  async submit(actor: CurrentUser, formId: string, rawAnswers: Record<string, unknown>): Promise<ApplicationView> {
    const now = this.#now();
    const { application, history } = await this.#orm.em.fork().transactional(async (em) => {
      await lockRow(em, 'users', actor.id);
      const form = await this.#form(em, formId);
      if (!form.open) throw new DomainError('conflict', 'This form is closed: it takes no applications right now.');
      if (form.opensAt && form.opensAt.getTime() > now) throw new DomainError('conflict', `This form is not open yet: it opens on ${whenText(form.opensAt)}.`);
      if (form.closesAt && form.closesAt.getTime() <= now) throw new DomainError('conflict', `This form closed on ${whenText(form.closesAt)}.`);
      const user = await em.findOneOrFail(UserSchema, { id: actor.id }, { populate: ['ranks'] });
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
      const history = em.create(ApplicationHistorySchema, { application, from: null, to: APPLICATION_STATUS.PENDING, by: actor.id, byName: nameOf(actor).slice(0, 64), createdAt: new Date(now) });
      return { application, history };
    });
    return this.#view(application, [history], false);
  }

  async #checkRequirements(em: Em, form: RecruitmentForm, user: User, now: number): Promise<void> {
    const req = form.requirements;
    const open = { $in: [...OPEN_STATUSES] };
    if (await em.count(ApplicationSchema, { user: user.id, form: form.id, status: open })) {
      throw new DomainError('conflict', 'You already have an open application to this form: wait for its decision.');
    }
    const resigned = await em.findOne(ResignationSchema, { user: user.id });
    if (resigned && resigned.resignedAt.getTime() + REAPPLY_AFTER_MS > now) {
      throw new DomainError('conflict', `You resigned from staff less than a week ago: you may apply again from ${whenText(new Date(resigned.resignedAt.getTime() + REAPPLY_AFTER_MS))}.`);
    }
    if (req.reapplyCooldownDays > 0) {
      const denied = await em.findOne(
        ApplicationSchema,
        { user: user.id, form: form.id, status: APPLICATION_STATUS.DENIED, decidedAt: { $gt: new Date(now - req.reapplyCooldownDays * DAY) } },
        { orderBy: { decidedAt: 'desc' } },
      );
      if (denied?.decidedAt) {
        const again = new Date(denied.decidedAt.getTime() + req.reapplyCooldownDays * DAY);
        throw new DomainError('conflict', `Your last application to this form was denied: you may apply again from ${whenText(again)}.`);
      }
    }
    if (req.minAccountAgeDays > 0 && isId(user.id)) {
      const age = Math.floor((now - idDate(user.id).getTime()) / DAY);
      if (age < req.minAccountAgeDays) {
        throw new DomainError('forbidden', `Requirement not met: your Discord account must be at least ${req.minAccountAgeDays} days old (it is ${Math.max(0, age)} days old).`);
      }
    }
    if (req.notStaff && user.ranks.count() > 0) {
      throw new DomainError('forbidden', 'Requirement not met: this form is for people who are not staff yet.');
    }
    if (req.oneAtATime && (await em.count(ApplicationSchema, { user: user.id, status: open }))) {
      throw new DomainError('forbidden', 'Requirement not met: one application at a time, and you already have an open application to another form.');
    }
  }

  /** The answers against the form's questions: a 400 naming the question (its label in the message, its id in `question`). */
  #parseAnswers(questions: readonly Question[], raw: Record<string, unknown>): Answers {
    const result = answersSchema(questions).safeParse(raw);
    if (result.success) return result.data;
    const issue = result.error.issues[0]!;
    const questionId = String(issue.path[0] ?? (issue.code === 'unrecognized_keys' ? issue.keys[0] : ''));
    const question = questions.find((q) => q.id === questionId);
    const message = question ? `${question.label}: ${issue.message}` : issue.message;
    throw new DomainError('bad_request', message, {
      question: question?.id ?? null,
      issues: result.error.issues.slice(0, 20).map((i) => ({ path: ['answers', ...i.path.map(String)], message: i.message })),
    });
  }

  // ---- Reading applications ----

  /** GET .../forms/{id}/applications: the form and one page of its applications. */
  async formApplications(actor: CurrentUser, formId: string, query: Omit<ApplicationsListQuery, 'formId'>): Promise<FormApplicationsResponse> {
    const em = this.#orm.em.fork();
    const form = await this.#form(em, formId);
    if (!mayReview(actor, form)) throw new DomainError('forbidden', "You may not view this form's applications.");
    const list = await this.#list(em, [form.id], query);
    return { form: toFormView(form, this.#now()), ...list };
  }

  /** Every application the caller may review (the view rule per form), filtered and paged. */
  async applications(actor: CurrentUser, query: ApplicationsListQuery): Promise<ApplicationsList> {
    const em = this.#orm.em.fork();
    const formIds = await this.#reviewableFormIds(em, actor);
    if (formIds === null) throw new DomainError('forbidden', 'You may not view recruitment applications.');
    const wanted = query.formId ? formIds.filter((id) => id === query.formId) : formIds;
    return this.#list(em, wanted, query);
  }

  /** GET /api/client/recruitment/{userId}/applications: all of one's own; a reviewer's, only to forms they review. */
  async userApplications(actor: CurrentUser, userId: string): Promise<ApplicationView[]> {
    const em = this.#orm.em.fork();
    if (userId === actor.id) {
      const rows = await em.find(ApplicationSchema, { user: userId }, { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 });
      return this.#views(em, rows, false);
    }
    const formIds = await this.#reviewableFormIds(em, actor);
    if (formIds === null) throw new DomainError('forbidden', "You may not view someone else's applications.");
    const rows = await em.find(ApplicationSchema, { user: userId, form: { $in: formIds } }, { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 });
    return this.#views(em, rows, true);
  }

  /** One application: the applicant sees theirs (never the staff notes nor who reviewed), a reviewer of its form all of it. */
  async getApplication(actor: CurrentUser, id: string): Promise<ApplicationView> {
    const em = this.#orm.em.fork();
    const application = isId(id) ? await em.findOne(ApplicationSchema, { id }, { populate: ['user', 'form'] }) : null;
    if (!application) throw new DomainError('not_found', 'Application not found');
    const own = application.user.id === actor.id;
    if (!own && !mayReview(actor, application.form)) throw new DomainError('forbidden', 'You may not view this application.');
    return (await this.#views(em, [application], !own))[0]!;
  }

  /** The application as the caller may see it, or null when there is none or they may not (the site's pages answer 404). */
  async findApplication(actor: CurrentUser, id: string): Promise<ApplicationView | null> {
    return this.getApplication(actor, id).catch((error: unknown) => {
      if (error instanceof DomainError && (error.kind === 'not_found' || error.kind === 'forbidden')) return null;
      throw error;
    });
  }

  /** Form ids whose applications the caller may review (deleted forms too: their applications remain); null: none at all. */
  async #reviewableFormIds(em: Em, actor: CurrentUser): Promise<string[] | null> {
    const forms = await em.find(RecruitmentFormSchema, {}, { fields: ['id', 'manageableRanks'] });
    const ids = forms.filter((f) => mayReview(actor, f)).map((f) => f.id);
    return ids.length > 0 || meets(actor, { all: ['VIEW_RECRUITMENT_RESPONSE'] }) ? ids : null;
  }

  async #list(em: Em, formIds: readonly string[], query: Omit<ApplicationsListQuery, 'formId'>): Promise<ApplicationsList> {
    const page = query.page;
    const pageSize = query.pageSize;
    if (formIds.length === 0) return { responses: [], total: 0, page, pageSize };
    const where = [`a.form_id in (${formIds.map(() => '?').join(', ')})`];
    const params: unknown[] = [...formIds];
    const statuses = statusesOf(query.filter);
    if (statuses) {
      where.push(`a.status in (${statuses.map(() => '?').join(', ')})`);
      params.push(...statuses);
    }
    const search = query.search?.trim();
    if (search) {
      const like = containsPattern(search);
      where.push('(a.answers::text ilike ? or u.username ilike ? or u.display_name ilike ? or a.user_id = ?)');
      params.push(like, like, like, search);
    }
    const clause = `where ${where.join(' and ')}`;
    // Waiting applications oldest first (a queue); decided ones newest first.
    const order = query.order ?? (query.filter === 'open' || query.filter === 'pending' || query.filter === 'hold' ? 'asc' : 'desc');
    const from = 'from recruitment_applications a join users u on u.id = a.user_id';
    const [rows, [count]] = await Promise.all([
      em.execute<{ id: string }[]>(`select a.id ${from} ${clause} order by a.created_at ${order}, a.id ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`, params),
      em.execute<{ n: string | number }[]>(`select count(*) as n ${from} ${clause}`, params),
    ]);
    const ids = rows.map((r) => r.id);
    const found = ids.length ? await em.find(ApplicationSchema, { id: { $in: ids } }, { populate: ['user'] }) : [];
    const byId = new Map(found.map((a) => [a.id, a]));
    const ordered = ids.map((id) => byId.get(id)).filter((a): a is Application => Boolean(a));
    return { responses: await this.#views(em, ordered, true), total: Number(count?.n ?? 0), page, pageSize };
  }

  async #views(em: Em, applications: readonly Application[], reviewer: boolean): Promise<ApplicationView[]> {
    const ids = applications.map((a) => a.id);
    const history = ids.length ? await em.find(ApplicationHistorySchema, { application: { $in: ids } }, { orderBy: { createdAt: 'asc', id: 'asc' } }) : [];
    const byApplication = new Map<string, ApplicationHistory[]>();
    for (const entry of history) byApplication.set(entry.application.id, [...(byApplication.get(entry.application.id) ?? []), entry]);
    return applications.map((a) => this.#view(a, byApplication.get(a.id) ?? [], reviewer));
  }

  #view(application: Application, history: readonly ApplicationHistory[], reviewer: boolean): ApplicationView {
    const user = application.user;
    return {
      id: application.id,
      formId: application.form.id,
      formTitle: application.formTitle,
      userID: user.id,
      applicant: { id: user.id, username: user.username, displayName: user.displayName ?? null, avatar: user.avatar ?? null },
      status: application.status as ApplicationView['status'],
      reason: application.reason ?? null,
      ...(reviewer && { staffNotes: application.staffNotes ?? null }),
      questions: application.questions,
      answers: application.answers,
      history: history.map(
        (h): HistoryView => ({
          id: h.id,
          from: (h.from ?? null) as HistoryView['from'],
          to: h.to as HistoryView['to'],
          reason: h.reason ?? null,
          ...(reviewer && { by: { id: h.by, name: h.byName } }),
          createdAt: h.createdAt.toISOString(),
        }),
      ),
      createdAt: application.createdAt.toISOString(),
      updatedAt: application.updatedAt.toISOString(),
    };
  }

  // ---- Reviewing ----

  /**
   * PATCH .../applications/{id}/update-status. Under the application's row lock: of two reviewers at once, the
   * second decides on what the first committed. ACCEPTED grants the form's rank in the same transaction (rank
   * history written). A decided application (accepted or denied) is final. The applicant is told after commit.
   */
  async updateStatus(actor: CurrentUser, id: string, input: UpdateStatusInput): Promise<ApplicationView> {
    const now = this.#now();
    const outcome = await this.#orm.em.fork().transactional(async (em) => {
      if (!isId(id) || !(await lockRow(em, 'recruitment_applications', id))) throw new DomainError('not_found', 'Application not found');
      const application = await em.findOneOrFail(ApplicationSchema, { id }, { populate: ['user', 'form'], refresh: true });
      if (!mayReview(actor, application.form)) throw new DomainError('forbidden', 'You may not review applications to this form.');
      if (application.user.id === actor.id) throw new DomainError('forbidden', 'You cannot review your own application.');
      const from = application.status;
      if (!isOpenStatus(from)) throw new DomainError('conflict', `This application was already ${from === APPLICATION_STATUS.ACCEPTED ? 'accepted' : 'denied'}: a decision is final.`);
      const to = input.status;
      if (to === from) throw new DomainError('conflict', `This application is already ${statusName(to)!.toLowerCase()}.`);
      application.status = to;
      application.reason = input.reason;
      if (input.staffNotes !== undefined) application.staffNotes = input.staffNotes;
      application.updatedAt = new Date(now);
      if (!isOpenStatus(to)) application.decidedAt = new Date(now);
      const history = em.create(ApplicationHistorySchema, { application, from, to, reason: input.reason, by: actor.id, byName: nameOf(actor).slice(0, 64), createdAt: new Date(now) });
      const granted = to === APPLICATION_STATUS.ACCEPTED ? await this.#grantRank(em, actor, application) : null;
      await this.#audit.record(em, {
        actor,
        action: 'application.status',
        target: { type: 'application', id: application.id, name: `${application.formTitle}: ${nameOf(application.user)}`.slice(0, 100) },
        before: { status: statusName(from) },
        after: { status: statusName(to), ...(granted && { rankGranted: granted.name }) },
        reason: input.reason,
      });
      await em.flush();
      const all = await em.find(ApplicationHistorySchema, { application: id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
      return { view: this.#view(application, all, true), history, granted, userId: application.user.id, formTitle: application.formTitle };
    });
    if (outcome.granted) {
      this.#events.publish('identityChanged', { userId: outcome.userId });
      this.#events.publish('userRanksChanged', { userId: outcome.userId, ranks: outcome.granted.ranks, announce: false });
    }
    this.#events.publish('notice', {
      userId: outcome.userId,
      ref: `application:${id}:${outcome.history.id}`,
      kind: `application.${statusName(input.status)!.toLowerCase()}`,
      text: noticeText(outcome.formTitle, input.status, input.reason, outcome.granted?.name ?? null),
      link: `/recruitment/applications/${id}`,
    });
    return outcome.view;
  }

  /** Gives the applicant the form's rank (if the form names one that still exists and they lack it), with a rank history entry. */
  async #grantRank(em: Em, actor: CurrentUser, application: Application): Promise<{ name: string; ranks: string[] } | null> {
    const rankId = application.form.rank;
    if (!rankId) return null;
    const rank = await em.findOne(RankSchema, { id: rankId });
    if (!rank) return null;
    await lockRow(em, 'users', application.user.id);
    const user = await em.findOneOrFail(UserSchema, { id: application.user.id }, { populate: ['ranks'], refresh: true });
    const before = user.ranks.getItems();
    if (before.some((r) => r.id === rank.id)) return null;
    user.ranks.add(rank);
    const after = [...before, rank].sort((a, b) => b.position - a.position).map((r) => r.id);
    em.create(RankHistorySchema, { user, action: 'rank_update', ranksBefore: before.map((r) => r.id), ranksAfter: after, reason: `Accepted: ${application.formTitle}`, by: actor.id });
    return { name: rank.name, ranks: after };
  }
}

