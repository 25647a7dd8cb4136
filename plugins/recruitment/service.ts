import type { Em } from '../../core/db/orm.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import { DEFAULT_LOCALE, type Locale } from '../../core/i18n/locales.ts';
import { isId } from '../../core/shared/ids.ts';
import { intlTag } from '../../core/shared/intl-tag.ts';
import {
  type Application,
  type ApplicationHistory,
  ApplicationHistorySchema,
  type RecruitmentForm,
  RecruitmentFormSchema,
} from './entities.ts';
import { recruitmentText } from './i18n/index.ts';
import type { ApplicationView, FormView, HistoryView } from './schemas.ts';

/**
 * What the recruitment services share: views of forms and applications, and finding a form. The services are split
 * by use case: forms (forms-service.ts), applying and reading (applications-service.ts), reviewing (review-service.ts).
 */

export const DAY = 24 * 60 * 60 * 1000;

/** A date as messages say it, in UTC: `25 Nov 2026, 14:05 UTC` in English, as the locale writes it in the others. */
export function whenText(date: Date, locale: Locale = DEFAULT_LOCALE): string {
  return `${date.toLocaleString(intlTag(locale), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;
}

/** Whether the form takes applications at `now`: open, not deleted, and within its opening and closing times. */
export function acceptingAt(
  form: Pick<RecruitmentForm, 'open' | 'opensAt' | 'closesAt' | 'deletedAt'>,
  now: number,
): boolean {
  if (form.deletedAt || !form.open) return false;
  if (form.opensAt && form.opensAt.getTime() > now) return false;
  return !(form.closesAt && form.closesAt.getTime() <= now);
}

export function toFormView(form: RecruitmentForm, now: number): FormView {
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

/** The 404 of a form that is not there (deleted, or none). */
export const formNotFound = () => localizedError(recruitmentText, 'not_found', 'refusal.formNotFound');

/** The form, unless it is deleted or there is none (404). */
export async function formIn(em: Em, id: string): Promise<RecruitmentForm> {
  const form = isId(id) ? await em.findOne(RecruitmentFormSchema, { id, deletedAt: null }) : null;
  if (!form) throw formNotFound();
  return form;
}

/** Views of applications with their histories (one query for all of them). */
export async function applicationViews(
  em: Em,
  applications: readonly Application[],
  reviewer: boolean,
): Promise<ApplicationView[]> {
  const ids = applications.map((a) => a.id);
  const history = ids.length
    ? await em.find(
        ApplicationHistorySchema,
        { application: { $in: ids } },
        { orderBy: { createdAt: 'asc', id: 'asc' } },
      )
    : [];
  const byApplication = new Map<string, ApplicationHistory[]>();
  for (const entry of history)
    byApplication.set(entry.application.id, [...(byApplication.get(entry.application.id) ?? []), entry]);
  return applications.map((a) => toApplicationView(a, byApplication.get(a.id) ?? [], reviewer));
}

/** One application as its applicant (`reviewer` false: no staff notes, no reviewers' names) or a reviewer sees it. */
export function toApplicationView(
  application: Application,
  history: readonly ApplicationHistory[],
  reviewer: boolean,
): ApplicationView {
  const user = application.user;
  return {
    id: application.id,
    formId: application.form.id,
    formTitle: application.formTitle,
    userID: user.id,
    applicant: {
      id: user.id,
      username: user.username,
      displayName: user.displayName ?? null,
      avatar: user.avatar ?? null,
    },
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
