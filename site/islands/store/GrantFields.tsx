import { useState } from 'react';
import { PERKS } from '../../../core/shared/permissions.ts';
import type { ItemGrantKind, ItemGrantView } from '../../../plugins/store/item-schemas.ts';
import { perkLabel } from '../../lib/labels.ts';
import { type ItemMaxima, NumberField, SelectField } from './ItemFields.tsx';

interface Props {
  /** The edited item's grant; a new item grants a perk until another kind is chosen. */
  grant: ItemGrantView | null;
  ranks: { id: string; name: string }[];
  maxima: ItemMaxima;
  disabled: boolean;
}

const PERK_OPTIONS = PERKS.map((perk) => ({ value: perk, label: perkLabel(perk) }));

/** The store item form's row for what the item grants: its kind, and only the fields that kind needs shown. */
export function GrantFields({ grant, ranks, maxima, disabled }: Props) {
  const [kind, setKind] = useState<ItemGrantKind>(grant?.kind ?? 'perk');
  return (
    <div className="columns">
      <div className="column field">
        <label className="label" htmlFor="item-grant">
          What it grants
        </label>
        <div className="select is-fullwidth">
          <select
            id="item-grant"
            name="grantKind"
            value={kind}
            onChange={(event) => setKind(event.target.value as ItemGrantKind)}
            disabled={disabled}
          >
            <option value="perk">A perk</option>
            <option value="rank">A rank</option>
            <option value="coins">Coins</option>
            <option value="custom">A custom reward staff hand over</option>
          </select>
        </div>
      </div>
      <SelectField
        hidden={kind !== 'perk'}
        id="item-perk"
        label="Perk"
        name="perk"
        options={PERK_OPTIONS}
        value={grant?.perk}
        disabled={disabled}
      />
      <SelectField
        hidden={kind !== 'rank'}
        id="item-rank"
        label="Rank"
        name="rankID"
        options={ranks.map((rank) => ({ value: rank.id, label: rank.name }))}
        value={grant?.rankID}
        disabled={disabled}
      />
      <NumberField
        hidden={kind !== 'perk' && kind !== 'rank'}
        id="item-days"
        label="For how many days (empty: for ever)"
        name="days"
        min={1}
        max={maxima.days}
        value={grant?.days}
        disabled={disabled}
      />
      <NumberField
        hidden={kind !== 'coins'}
        id="item-coins"
        label="Coins it gives"
        name="coins"
        min={1}
        max={maxima.coins}
        value={grant?.coins}
        disabled={disabled}
      />
    </div>
  );
}
