import { PERKS, type Perk } from '../../../core/shared/permissions.ts';
import { ITEM_COINS_MAX, ITEM_DAYS_MAX, type ItemGrantKind } from '../../../plugins/store/schemas.ts';
import { NumberField, SelectField } from './ItemFields.tsx';
import type { ItemFieldProps } from './use-store-item-form.ts';

interface Props extends ItemFieldProps {
  ranks: { id: string; name: string }[];
  /** The perks by their names in the page's language. */
  perkNames: Readonly<Record<Perk, string>>;
}

const KINDS = ['perk', 'rank', 'coins', 'custom'] as const satisfies readonly ItemGrantKind[];

/** The store item form's row for what the item grants: its kind, and only the fields that kind needs shown. */
export function GrantFields({ fields, set, ranks, perkNames, disabled, t }: Props) {
  const kind = fields.grantKind;
  const perkOptions = PERKS.map((perk) => ({ value: perk, label: perkNames[perk] }));
  return (
    <div className="columns">
      <SelectField
        hidden={false}
        id="item-grant"
        label={t('item.grant')}
        name="grantKind"
        options={KINDS.map((value) => ({ value, label: t(`item.kind.${value}`) }))}
        value={kind}
        onChange={(value) => set('grantKind', value as ItemGrantKind)}
        disabled={disabled}
      />
      <SelectField
        hidden={kind !== 'perk'}
        id="item-perk"
        label={t('item.perk')}
        name="perk"
        options={perkOptions}
        value={fields.perk}
        onChange={(value) => set('perk', value)}
        disabled={disabled}
      />
      <SelectField
        hidden={kind !== 'rank'}
        id="item-rank"
        label={t('item.rank')}
        name="rankID"
        options={ranks.map((rank) => ({ value: rank.id, label: rank.name }))}
        value={fields.rankID}
        onChange={(value) => set('rankID', value)}
        disabled={disabled}
      />
      <NumberField
        hidden={kind !== 'perk' && kind !== 'rank'}
        id="item-days"
        label={t('item.days')}
        name="days"
        min={1}
        max={ITEM_DAYS_MAX}
        value={fields.days}
        onChange={(value) => set('days', value)}
        disabled={disabled}
      />
      <NumberField
        hidden={kind !== 'coins'}
        id="item-coins"
        label={t('item.coins')}
        name="coins"
        min={1}
        max={ITEM_COINS_MAX}
        value={fields.coins}
        onChange={(value) => set('coins', value)}
        disabled={disabled}
      />
    </div>
  );
}
