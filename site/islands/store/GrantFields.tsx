import { PERKS } from '../../../core/shared/permissions.ts';
import { ITEM_COINS_MAX, ITEM_DAYS_MAX, type ItemGrantKind } from '../../../plugins/store/schemas.ts';
import { perkLabel } from '../../lib/labels.ts';
import { NumberField, SelectField } from './ItemFields.tsx';
import type { ItemFieldProps } from './use-store-item-form.ts';

interface Props extends ItemFieldProps {
  ranks: { id: string; name: string }[];
}

const PERK_OPTIONS = PERKS.map((perk) => ({ value: perk, label: perkLabel(perk) }));
const KIND_OPTIONS = [
  { value: 'perk', label: 'A perk' },
  { value: 'rank', label: 'A rank' },
  { value: 'coins', label: 'Coins' },
  { value: 'custom', label: 'A custom reward staff hand over' },
] as const;

/** The store item form's row for what the item grants: its kind, and only the fields that kind needs shown. */
export function GrantFields({ fields, set, ranks, disabled }: Props) {
  const kind = fields.grantKind;
  return (
    <div className="columns">
      <SelectField
        hidden={false}
        id="item-grant"
        label="What it grants"
        name="grantKind"
        options={KIND_OPTIONS}
        value={kind}
        onChange={(value) => set('grantKind', value as ItemGrantKind)}
        disabled={disabled}
      />
      <SelectField
        hidden={kind !== 'perk'}
        id="item-perk"
        label="Perk"
        name="perk"
        options={PERK_OPTIONS}
        value={fields.perk}
        onChange={(value) => set('perk', value)}
        disabled={disabled}
      />
      <SelectField
        hidden={kind !== 'rank'}
        id="item-rank"
        label="Rank"
        name="rankID"
        options={ranks.map((rank) => ({ value: rank.id, label: rank.name }))}
        value={fields.rankID}
        onChange={(value) => set('rankID', value)}
        disabled={disabled}
      />
      <NumberField
        hidden={kind !== 'perk' && kind !== 'rank'}
        id="item-days"
        label="For how many days (empty: for ever)"
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
        label="Coins it gives"
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
