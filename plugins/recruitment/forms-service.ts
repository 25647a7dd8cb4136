import { randomBytes } from 'node:crypto';
import type { InferKyselyDB } from '@mikro-orm/sql';
import type { AuditLog } from '../../core/audit/service.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { meets } from '../../core/shared/permissions.ts';
import { mayGrant } from '../../core/shared/ranking.ts';
import { ranksByIdIn } from '../ranks/index.ts';
import { type ApplicationSchema, RecruitmentFormSchema } from './entities.ts';
import { recruitmentText } from './i18n/index.ts';
import {
  type CreateFormInput,
  type FormView,
  type ManagedFormView,
  mayReview,
  type Question,
  type QuestionInput,
  type StatusCounts,
  statusName,
  type UpdateFormInput,
} from './schemas.ts';
import { acceptingAt, formIn, formNotFound, toFormView } from './service.ts';

const emptyCounts = (): StatusCounts => ({ PENDING: 0, HOLD: 0, ACCEPTED: 0, DENIED: 0 });

function toQuestions(inputs: readonly QuestionInput[]): Question[] {
  const taken = new Set(inputs.map((q) => q.id).filter(Boolean));
  return inputs.map((q) => {
    let id = q.id;
    while (!id || (taken.has(id) && id !== q.id)) id = `q${randomBytes(4).toString('hex')}`;
    taken.add(id);
    return {
      id,
      type: q.type,
      label: q.label,
      help: q.help || null,
      required: q.required,
      min: q.min,
      max: q.max,
      options: [...q.options],
    };
  });
}

export interface FormsServiceDeps extends Pick<ServiceKernel, 'orm' | 'audit' | 'now'> {}

/** Recruitment forms: RECRUITMENT_MANAGER writes them; the open ones are public; reviewers see those they review. */
export class FormsService {
  readonly #orm: Orm;
  readonly #audit: AuditLog;
  readonly #now: () => number;

  constructor({ orm, audit, now }: FormsServiceDeps) {
    this.#orm = orm;
    this.#audit = audit;
    this.#now = now;
  }

  /** The forms taking applications now, oldest first. */
  async openForms(): Promise<FormView[]> {
    const now = this.#now();
    const forms = await this.#orm.em
      .fork()
      .find(RecruitmentFormSchema, { deletedAt: null, open: true }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return forms.filter((f) => acceptingAt(f, now)).map((f) => toFormView(f, now));
  }

  /**
   * Every form the caller may review (or, with RECRUITMENT_MANAGER, edit), with its applications counted per
   * status. 403 for someone who may do neither with any form.
   */
  async managedForms(actor: CurrentUser): Promise<ManagedFormView[]> {
    const em = this.#orm.em.fork();
    const manager = meets(actor, { all: ['RECRUITMENT_MANAGER'] });
    const forms = (
      await em.find(RecruitmentFormSchema, { deletedAt: null }, { orderBy: { createdAt: 'asc', id: 'asc' } })
    ).filter((f) => manager || mayReview(actor, f));
    if (forms.length === 0 && !manager && !meets(actor, { all: ['VIEW_RECRUITMENT_RESPONSE'] })) {
      throw localizedError(recruitmentText, 'forbidden', 'refusal.insufficientPermissions');
    }
    const counts = new Map<string, StatusCounts>();
    if (forms.length > 0) {
      const rows = await em
        .getKysely<InferKyselyDB<typeof ApplicationSchema>>()
        .selectFrom('recruitment_applications')
        .select((eb) => ['form_id', 'status', eb.fn.countAll<string | number>().as('n')])
        .where(
          'form_id',
          'in',
          forms.map((f) => f.id),
        )
        .groupBy(['form_id', 'status'])
        .execute();
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
    return toFormView(await formIn(this.#orm.em.fork(), id), this.#now());
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
      await this.#audit.record(em, {
        actor,
        action: 'recruitmentForm.create',
        target: { type: 'recruitmentForm', id: form.id, name: form.title },
        before: null,
        after: { title: form.title, open: form.open, rank: form.rank ?? null },
      });
      return form;
    });
    return toFormView(form, this.#now());
  }

  async updateForm(actor: CurrentUser, id: string, input: UpdateFormInput): Promise<FormView> {
    const form = await this.#orm.em.fork().transactional(async (em) => {
      if (!(await lockRow(em, RecruitmentFormSchema, id))) throw formNotFound();
      const form = await formIn(em, id);
      const opensAt = input.opensAt === undefined ? form.opensAt : input.opensAt && new Date(input.opensAt);
      const closesAt = input.closesAt === undefined ? form.closesAt : input.closesAt && new Date(input.closesAt);
      if (opensAt && closesAt && opensAt >= closesAt)
        throw localizedError(recruitmentText, 'bad_request', 'refusal.closeAfterOpen');
      // Only a rank the change names is checked: a form keeps a rank its last editor could grant.
      await this.#checkRanks(
        em,
        actor,
        input.rank !== undefined && input.rank !== form.rank ? input.rank : null,
        input.manageableRanks ?? [],
      );
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
      await this.#audit.record(em, {
        actor,
        action: 'recruitmentForm.update',
        target: { type: 'recruitmentForm', id: form.id, name: form.title },
        before,
        after,
      });
      return form;
    });
    return toFormView(form, this.#now());
  }

  /** The form goes from every list; its applications stay (with their snapshot), so applicants still read theirs. */
  async deleteForm(actor: CurrentUser, id: string): Promise<void> {
    await this.#orm.em.fork().transactional(async (em) => {
      if (!(await lockRow(em, RecruitmentFormSchema, id))) throw formNotFound();
      const form = await formIn(em, id);
      form.deletedAt = new Date(this.#now());
      form.open = false;
      await this.#audit.record(em, {
        actor,
        action: 'recruitmentForm.delete',
        target: { type: 'recruitmentForm', id: form.id, name: form.title },
        before: { title: form.title },
        after: null,
      });
    });
  }

  /** The ranks a form names exist, and its rank (what an accepted applicant receives) is one the editor may grant. */
  async #checkRanks(em: Em, actor: CurrentUser, rank: string | null, manageable: readonly string[]): Promise<void> {
    const wanted = [...new Set([...(rank ? [rank] : []), ...manageable])];
    if (wanted.length === 0) return;
    const ranks = await ranksByIdIn(em, wanted);
    if (ranks.length !== wanted.length) throw localizedError(recruitmentText, 'bad_request', 'refusal.unknownRank');
    const granted = ranks.find((r) => r.id === rank);
    if (granted && !mayGrant(actor, granted)) {
      throw localizedError(recruitmentText, 'forbidden', 'refusal.rankTooHigh', { rank: granted.name });
    }
  }
}
