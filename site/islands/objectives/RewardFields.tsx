import { PERKS, type Perk } from '../../../core/shared/permissions.ts';
import type { RewardType } from '../../../plugins/objectives/schemas.ts';
import { Field } from '../kit/Field.tsx';
import { Select } from '../kit/Select.tsx';
import type { ObjectiveControls } from './use-objective-form.ts';

const REWARD_TYPES: readonly RewardType[] = ['VD_CURRENCY', 'VD_PERK', 'VD_RANK', 'CUSTOM'];

/** What the objective pays, and the one detail that reward needs (coins, a perk, a rank and for how long, a text). */
export function RewardFields({
  fields,
  bind,
  id,
  off,
  t,
  ranks,
  perkNames,
}: ObjectiveControls & { ranks: { id: string; name: string }[]; perkNames: Readonly<Record<Perk, string>> }) {
  const type = fields.rewardType;
  return (
    <>
      <Field id={id('reward')} label={t('form.reward')}>
        <Select id={id('reward')} value={type} onChange={bind('rewardType')} disabled={off}>
          {REWARD_TYPES.map((r) => (
            <option key={r} value={r} disabled={r === 'VD_RANK' && ranks.length === 0}>
              {t(`form.rewardType.${r}`)}
            </option>
          ))}
        </Select>
      </Field>
      {type === 'VD_CURRENCY' && (
        <Field id={id('amount')} label={t('form.coins')}>
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
        <Field id={id('perk')} label={t('form.perk')}>
          <Select id={id('perk')} value={fields.perk} onChange={bind('perk')} disabled={off}>
            {PERKS.map((p) => (
              <option key={p} value={p}>
                {perkNames[p]}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {type === 'VD_RANK' && (
        <Field id={id('rank')} label={t('form.rank')} help={{ id: id('rank-help'), text: t('form.rankHelp') }}>
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
        <Field id={id('days')} label={t('form.days')} help={{ id: id('days-help'), text: t('form.daysHelp') }}>
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
        <Field id={id('custom')} label={t('form.custom')}>
          <input
            className="input"
            id={id('custom')}
            value={fields.customText}
            onChange={bind('customText')}
            maxLength={200}
            placeholder={t('form.customPlaceholder')}
            disabled={off}
          />
        </Field>
      )}
    </>
  );
}
