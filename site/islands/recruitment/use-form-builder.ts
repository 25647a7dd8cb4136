import { useEffect, useState } from 'react';
import {
  CreateFormBodySchema,
  type FormView,
  type Question,
  type Requirements,
  UpdateFormBodySchema,
} from '../../../plugins/recruitment/schemas.ts';
import type { AdminRecruitmentT } from '../../i18n/admin-recruitment/index.ts';
import { errorMessage } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import { toast, toastOnNextPage } from '../../lib/toast.ts';
import { useAction } from '../kit/use-action.ts';

/** `2026-11-25T12:00:00.000Z` → the value a datetime-local input shows (the browser's time zone), and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const fromLocalInput = (value: string): string | null => (value ? new Date(value).toISOString() : null);

export const NO_REQUIREMENTS: Requirements = {
  minAccountAgeDays: 0,
  notStaff: false,
  oneAtATime: false,
  reapplyCooldownDays: 0,
};

/** The form's own settings, as its controls hold them. */
export interface FormSettings {
  title: string;
  description: string;
  rank: string;
  manageableRanks: string[];
  open: boolean;
  opensAt: string;
  closesAt: string;
  requirements: Requirements;
}

/** A question as the server stores it: no empty help, options only for choices, no limits where none apply. */
function storedQuestion(q: Question): Question {
  return {
    ...q,
    help: q.help?.trim() ? q.help : null,
    options: q.type === 'single' || q.type === 'multiple' ? q.options : [],
    ...(q.type === 'single' || q.type === 'yesno' ? { min: null, max: null } : {}),
  };
}

/**
 * The form builder's settings, and Save (or Create) and Delete: back to the recruitment list with a toast; the
 * server's refusal is toasted (longer: it may name a question).
 */
export function useFormBuilder(form: FormView | null, t: AdminRecruitmentT, refusalWords: RefusalWords) {
  const [settings, setSettings] = useState<FormSettings>({
    title: form?.title ?? '',
    description: form?.description ?? '',
    rank: form?.rank ?? '',
    manageableRanks: form?.manageableRanks ?? [],
    open: form?.open ?? false,
    opensAt: '',
    closesAt: '',
    requirements: form?.requirements ?? NO_REQUIREMENTS,
  });
  const change = (patch: Partial<FormSettings>) => setSettings((current) => ({ ...current, ...patch }));
  // The browser's time zone: filled in after hydration (the server would render its own zone's time).
  useEffect(() => {
    setSettings((current) => ({
      ...current,
      opensAt: toLocalInput(form?.opensAt ?? null),
      closesAt: toLocalInput(form?.closesAt ?? null),
    }));
  }, [form]);
  const { busy, run, refuse } = useAction({
    done: t(form ? 'builder.saved' : 'builder.created'),
    next: '/staff/admin/recruitment',
    failureMs: 8000,
  });

  const save = (questions: Question[]) => {
    const { rank, opensAt, closesAt, ...rest } = settings;
    const body = {
      ...rest,
      rank: rank || null,
      opensAt: fromLocalInput(opensAt),
      closesAt: fromLocalInput(closesAt),
      questions: questions.map(storedQuestion),
    };
    const refusal = refusalOf(form ? UpdateFormBodySchema : CreateFormBodySchema, body, {}, 'body', refusalWords);
    if (refusal) return refuse(refusal);
    void run(() =>
      answerOf(
        form
          ? client.PATCH('/api/client/recruitment/forms/{id}', { params: { path: { id: form.id } }, body })
          : client.POST('/api/client/recruitment/forms', { body }),
      ),
    );
  };

  const destroy = async () => {
    if (!form || !confirm(t('builder.confirmDelete', { title: form.title }))) return;
    try {
      await answerOf(client.DELETE('/api/client/recruitment/forms/{id}', { params: { path: { id: form.id } } }));
      toastOnNextPage(t('builder.deleted'), 'is-success');
      location.assign('/staff/admin/recruitment');
    } catch (error) {
      toast(errorMessage(error), 'is-danger');
    }
  };
  return { settings, change, busy, save, destroy };
}
