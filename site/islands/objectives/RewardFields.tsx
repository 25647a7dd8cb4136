import { PERKS } from '../../../core/shared/permissions.ts';
import type { RewardType } from '../../../plugins/objectives/schemas.ts';
import { perkLabel } from '../../lib/labels.ts';
import { Field } from '../kit/Field.tsx';
import { Select } from '../kit/Select.tsx';
import type { ObjectiveControls } from './use-objective-form.ts';

const REWARD_LABELS: Record<RewardType, string> = {
  VD_CURRENCY: 'Coins',
  VD_PERK: 'A perk',
  VD_RANK: 'A rank',
  CUSTOM: 'Something else (handed out by a manager)',
};

/** What the objective pays, and the one detail that reward needs (coins, a perk, a rank and for how long, a text). */
export function RewardFields({
  fields,
  bind,
  id,
  off,
  ranks,
}: ObjectiveControls & { ranks: { id: string; name: string }[] }) {
  const type = fields.rewardType;
  return (
    <>
      <Field id={id('reward')} label="Reward">
        <Select id={id('reward')} value={type} onChange={bind('rewardType')} disabled={off}>
          {(Object.keys(REWARD_LABELS) as RewardType[]).map((r) => (
            <option key={r} value={r} disabled={r === 'VD_RANK' && ranks.length === 0}>
              {REWARD_LABELS[r]}
            </option>
          ))}
        </Select>
      </Field>
      {type === 'VD_CURRENCY' && (
        <Field id={id('amount')} label="Coins">
          <input
            className="input"
            id={id('amount')}
            type="number"
            inputMode="numeric"
            min={1}
            value={fields.amount}
            onChange={bind('amount')}
            disabled={off}
          />
        </Field>
      )}
      {type === 'VD_PERK' && (
        <Field id={id('perk')} label="Perk">
          <Select id={id('perk')} value={fields.perk} onChange={bind('perk')} disabled={off}>
            {PERKS.map((p) => (
              <option key={p} value={p}>
                {perkLabel(p)}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {type === 'VD_RANK' && (
        <Field
          id={id('rank')}
          label="Rank"
          help={{ id: id('rank-help'), text: 'Only ranks below your own are offered.' }}
        >
          <Select
            id={id('rank')}
            value={fields.rankId}
            onChange={bind('rankId')}
            aria-describedby={id('rank-help')}
            disabled={off}
          >
            {ranks.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {(type === 'VD_PERK' || type === 'VD_RANK') && (
        <Field
          id={id('days')}
          label="For how many days (optional)"
          help={{ id: id('days-help'), text: 'Empty: for good.' }}
        >
          <input
            className="input"
            id={id('days')}
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            value={fields.days}
            onChange={bind('days')}
            aria-describedby={id('days-help')}
            disabled={off}
          />
        </Field>
      )}
      {type === 'CUSTOM' && (
        <Field id={id('custom')} label="What they get">
          <input
            className="input"
            id={id('custom')}
            value={fields.customText}
            onChange={bind('customText')}
            maxLength={200}
            placeholder="A free lunch with the owner"
            disabled={off}
          />
        </Field>
      )}
    </>
  );
}
