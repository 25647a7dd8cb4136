import { useEffect, useId, useState } from 'react';
import { PERKS } from '../../../core/shared/permissions.ts';
import {
  type AudienceResponse,
  CreateObjectiveBodySchema,
  OBJECTIVE_TYPES,
  type ObjectivePerson,
  type ObjectiveType,
  objectiveGoal,
  type RewardType,
} from '../../../plugins/objectives/schemas.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { perkLabel } from '../../lib/labels.ts';
import { toast, toastOnNextPage } from '../../lib/toast.ts';

interface Props {
  members: ObjectivePerson[];
  /** Ranks the editor may hand out (the server's mayGrant rule). */
  ranks: { id: string; name: string }[];
}

const TYPE_LABELS: Record<ObjectiveType, string> = {
  ORDER_TARGET_DELIVERED: 'Orders delivered',
  ORDER_TARGET_PREPARED: 'Orders prepared',
  ORDER_TARGET_TOTAL: 'Orders prepared or delivered',
};
const REWARD_LABELS: Record<RewardType, string> = {
  VD_CURRENCY: 'Coins',
  VD_PERK: 'A perk',
  VD_RANK: 'A rank',
  CUSTOM: 'Something else (handed out by a manager)',
};
const nameOf = (p: ObjectivePerson) => p.displayName || p.username;

/** `datetime-local` ↔ ISO, in the browser's time zone. */
function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (value: string): string | null => (value ? new Date(value).toISOString() : null);

/** The objective form: who, what, when and what it pays, with a live preview of who it applies to. */
export default function ObjectiveForm({ members, ranks }: Props) {
  const uid = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [scope, setScope] = useState<'global' | 'user'>('global');
  const [userId, setUserId] = useState('');
  const [type, setType] = useState<ObjectiveType>('ORDER_TARGET_DELIVERED');
  const [target, setTarget] = useState('10');
  // Filled after hydration: the browser's clock and zone, not the server's.
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  useEffect(() => setFrom(toLocalInput(Date.now())), []);
  const [rewardType, setRewardType] = useState<RewardType>('VD_CURRENCY');
  const [amount, setAmount] = useState('100');
  const [perk, setPerk] = useState<string>(PERKS[0]);
  const [rankId, setRankId] = useState(ranks[0]?.id ?? '');
  const [days, setDays] = useState('');
  const [customText, setCustomText] = useState('');
  const [audience, setAudience] = useState<AudienceResponse | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

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

  const dayCount = days.trim() === '' ? null : Math.trunc(Number(days));
  const reward =
    rewardType === 'VD_CURRENCY'
      ? { type: rewardType, amount: Math.trunc(Number(amount)) }
      : rewardType === 'VD_PERK'
        ? { type: rewardType, perk, days: dayCount }
        : rewardType === 'VD_RANK'
          ? { type: rewardType, rankId, days: dayCount }
          : { type: rewardType, text: customText };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      title,
      description,
      scope,
      userId: scope === 'user' ? userId || null : null,
      type,
      target: Math.trunc(Number(target)),
      from: fromLocalInput(from),
      until: fromLocalInput(until),
      reward,
    };
    const parsed = CreateObjectiveBodySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setProblem(`${issue.path.join('.') || 'Form'}: ${issue.message}`);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      await withMinimumDisplay(answerOf(client.POST('/api/client/objectives/', { body: parsed.data })));
      toastOnNextPage(`Objective “${title}” created.`, 'is-success');
      location.reload();
    } catch (error) {
      toast(errorMessage(error), 'is-danger');
      setSaving(false);
    }
  };

  const id = (name: string) => `${uid}-${name}`;
  const n = Math.trunc(Number(target)) || 0;
  return (
    <form className="objective-form box" onSubmit={save} noValidate aria-describedby={id('audience')}>
      <div className="field">
        <label className="label" htmlFor={id('title')}>
          Title
        </label>
        <input
          className="input"
          id={id('title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={100}
          required
        />
      </div>
      <div className="field">
        <label className="label" htmlFor={id('description')}>
          Description (optional)
        </label>
        <textarea
          className="textarea"
          id={id('description')}
          rows={2}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={1000}
        />
      </div>
      <fieldset className="field">
        <legend className="label">Who it is for</legend>
        <div className="control">
          <label className="radio">
            <input
              type="radio"
              name={id('scope')}
              value="global"
              checked={scope === 'global'}
              onChange={() => setScope('global')}
            />{' '}
            Everyone in the kitchen (holds Manage orders)
          </label>
          <label className="radio">
            <input
              type="radio"
              name={id('scope')}
              value="user"
              checked={scope === 'user'}
              onChange={() => setScope('user')}
            />{' '}
            One person
          </label>
        </div>
      </fieldset>
      {scope === 'user' && (
        <div className="field">
          <label className="label" htmlFor={id('user')}>
            Person
          </label>
          <div className="select is-fullwidth">
            <select id={id('user')} value={userId} onChange={(e) => setUserId(e.target.value)}>
              <option value="">Choose someone…</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {nameOf(m)} (@{m.username})
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <div className="columns is-mobile is-multiline">
        <div className="column is-12-mobile is-8-tablet field">
          <label className="label" htmlFor={id('type')}>
            Counts
          </label>
          <div className="select is-fullwidth">
            <select id={id('type')} value={type} onChange={(e) => setType(e.target.value as ObjectiveType)}>
              {OBJECTIVE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="column is-12-mobile is-4-tablet field">
          <label className="label" htmlFor={id('target')}>
            Target
          </label>
          <input
            className="input"
            id={id('target')}
            type="number"
            inputMode="numeric"
            min={1}
            max={100000}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            required
          />
        </div>
        <div className="column is-12-mobile is-6-tablet field">
          <label className="label" htmlFor={id('from')}>
            From
          </label>
          <input
            className="input"
            id={id('from')}
            type="datetime-local"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <p className="help">Empty: every order so far counts.</p>
        </div>
        <div className="column is-12-mobile is-6-tablet field">
          <label className="label" htmlFor={id('until')}>
            Until
          </label>
          <input
            className="input"
            id={id('until')}
            type="datetime-local"
            value={until}
            onChange={(e) => setUntil(e.target.value)}
          />
          <p className="help">Empty: no end date.</p>
        </div>
      </div>
      <div className="field">
        <label className="label" htmlFor={id('reward')}>
          Reward
        </label>
        <div className="select is-fullwidth">
          <select id={id('reward')} value={rewardType} onChange={(e) => setRewardType(e.target.value as RewardType)}>
            {(Object.keys(REWARD_LABELS) as RewardType[]).map((r) => (
              <option key={r} value={r} disabled={r === 'VD_RANK' && ranks.length === 0}>
                {REWARD_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {rewardType === 'VD_CURRENCY' && (
        <div className="field">
          <label className="label" htmlFor={id('amount')}>
            Coins
          </label>
          <input
            className="input"
            id={id('amount')}
            type="number"
            inputMode="numeric"
            min={1}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
      )}
      {rewardType === 'VD_PERK' && (
        <div className="field">
          <label className="label" htmlFor={id('perk')}>
            Perk
          </label>
          <div className="select is-fullwidth">
            <select id={id('perk')} value={perk} onChange={(e) => setPerk(e.target.value)}>
              {PERKS.map((p) => (
                <option key={p} value={p}>
                  {perkLabel(p)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {rewardType === 'VD_RANK' && (
        <div className="field">
          <label className="label" htmlFor={id('rank')}>
            Rank
          </label>
          <div className="select is-fullwidth">
            <select id={id('rank')} value={rankId} onChange={(e) => setRankId(e.target.value)}>
              {ranks.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
          <p className="help">Only ranks below your own are offered.</p>
        </div>
      )}
      {(rewardType === 'VD_PERK' || rewardType === 'VD_RANK') && (
        <div className="field">
          <label className="label" htmlFor={id('days')}>
            For how many days (optional)
          </label>
          <input
            className="input"
            id={id('days')}
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
          <p className="help">Empty: for good.</p>
        </div>
      )}
      {rewardType === 'CUSTOM' && (
        <div className="field">
          <label className="label" htmlFor={id('custom')}>
            What they get
          </label>
          <input
            className="input"
            id={id('custom')}
            value={customText}
            onChange={(e) => setCustomText(e.target.value)}
            maxLength={200}
            placeholder="A free lunch with the owner"
          />
        </div>
      )}
      <div
        className="notification is-info is-light objective-audience"
        id={id('audience')}
        aria-live="polite"
        data-testid="objective-audience"
      >
        {n > 0 && <strong>{objectiveGoal({ type, target: n })}. </strong>}
        {audience === null
          ? scope === 'user'
            ? 'Choose who it is for.'
            : 'Counting who it applies to…'
          : audience.scope === 'global'
            ? `Applies to ${audience.count.toLocaleString('en')} ${audience.count === 1 ? 'person' : 'people'} in the kitchen now.`
            : `Applies to ${nameOf(audience.user!)} only.`}
      </div>
      {problem && (
        <p className="help is-danger" role="alert">
          {problem}
        </p>
      )}
      <div className="field">
        <button type="submit" className={`button is-link${saving ? ' is-loading' : ''}`} disabled={saving}>
          Create objective
        </button>
      </div>
    </form>
  );
}
