import { useEffect, useState } from 'react';
import { PERKS } from '../../../core/shared/permissions.ts';
import {
  type AudienceResponse,
  CreateObjectiveBodySchema,
  type ObjectiveType,
  type RewardType,
} from '../../../plugins/objectives/schemas.ts';
import type { AdminObjectivesT } from '../../i18n/admin-objectives/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { useAction } from '../kit/use-action.ts';
import { useFields } from '../kit/use-fields.ts';

/** `datetime-local` ↔ ISO, in the browser's time zone. */
function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (value: string): string | null => (value ? new Date(value).toISOString() : null);
const whole = (value: string) => Math.trunc(Number(value));

/** The form's fields as the controls hold them (text), before they are shaped into the request. */
export function initialObjectiveFields(firstRankId: string) {
  return {
    title: '',
    description: '',
    scope: 'global' as 'global' | 'user',
    userId: '',
    type: 'ORDER_TARGET_DELIVERED' as ObjectiveType,
    target: '10',
    from: '',
    until: '',
    rewardType: 'VD_CURRENCY' as RewardType,
    amount: '100',
    perk: PERKS[0] as string,
    rankId: firstRankId,
    days: '',
    customText: '',
  };
}
export type ObjectiveFields = ReturnType<typeof initialObjectiveFields>;

/** The request the fields make (CreateObjectiveBody before the schema checks it). */
function requestOf(f: ObjectiveFields) {
  const days = f.days.trim() === '' ? null : whole(f.days);
  const reward =
    f.rewardType === 'VD_CURRENCY'
      ? { type: f.rewardType, amount: whole(f.amount) }
      : f.rewardType === 'VD_PERK'
        ? { type: f.rewardType, perk: f.perk, days }
        : f.rewardType === 'VD_RANK'
          ? { type: f.rewardType, rankId: f.rankId, days }
          : { type: f.rewardType, text: f.customText };
  return {
    title: f.title,
    description: f.description,
    scope: f.scope,
    userId: f.scope === 'user' ? f.userId || null : null,
    type: f.type,
    target: whole(f.target),
    from: fromLocalInput(f.from),
    until: fromLocalInput(f.until),
    reward,
  };
}

/** Who the objective applies to now, asked again whenever who it is for changes; null while unknown. */
function useAudience(scope: 'global' | 'user', userId: string): AudienceResponse | null {
  const [audience, setAudience] = useState<AudienceResponse | null>(null);
  useEffect(() => {
    if (scope === 'user' && !userId) return setAudience(null);
    let stale = false;
    const query = scope === 'user' ? { scope, userId } : { scope };
    answerOf(client.GET('/api/client/objectives/audience', { params: { query } }))
      .then((answer) => !stale && setAudience(answer))
      .catch(() => !stale && setAudience(null));
    return () => {
      stale = true;
    };
  }, [scope, userId]);
  return audience;
}

/**
 * The objective form's state: its fields, who it applies to, the first problem the server's schema finds, and
 * Create (the page loads again with a toast).
 */
export function useObjectiveForm(firstRankId: string, t: AdminObjectivesT) {
  const { fields, bind, set } = useFields(initialObjectiveFields(firstRankId));
  // Filled after hydration: the browser's clock and zone, not the server's.
  useEffect(() => set('from', toLocalInput(Date.now())), [set]);
  const audience = useAudience(fields.scope, fields.userId);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run } = useAction({ done: t('form.created', { title: fields.title }) });

  const save = () => {
    const parsed = CreateObjectiveBodySchema.safeParse(requestOf(fields));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const path = issue.path.join('.');
      setProblem(path ? `${path}: ${issue.message}` : t('form.problem', { message: issue.message }));
      return;
    }
    setProblem(null);
    void run(() => answerOf(client.POST('/api/client/objectives/', { body: parsed.data })));
  };
  return { fields, bind, audience, problem, busy, save };
}

/** What each part of the form gets: the fields, their change handlers, the ids, and whether the controls wait. */
export interface ObjectiveControls {
  fields: ObjectiveFields;
  bind: (field: keyof ObjectiveFields) => (event: { target: { value: string } }) => void;
  id: (name: string) => string;
  /** Not hydrated yet, or creating: the controls are disabled. */
  off: boolean;
  /** The form's words in the page's language. */
  t: AdminObjectivesT;
}
