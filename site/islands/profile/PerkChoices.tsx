import type { ReactNode } from 'react';
import { PERKS, type Perk } from '../../../core/shared/permissions.ts';
import type { ProfileFormsT } from '../../i18n/profile-forms/index.ts';
import { Checkbox } from '../kit/Checkbox.tsx';

interface Props {
  /** The perks given by hand, checked now. */
  held: Set<string>;
  /** Each perk's name in the page's language. */
  names: Readonly<Record<Perk, string>>;
  disabled: boolean;
  onToggle: (perk: string, on: boolean) => void;
  /** The perks grants hold (GrantedList), listed apart. */
  children?: ReactNode;
  t: ProfileFormsT;
}

/** Edit Profile's Perks (a user manager on someone else): every perk as a checkbox, then those grants hold. */
export function PerkChoices({ held, names, disabled, onToggle, children, t }: Props) {
  return (
    <fieldset className="field">
      <legend className="label">{t('perks.legend')}</legend>
      {PERKS.map((perk) => (
        <Checkbox
          key={perk}
          className="checkbox perk-option"
          name="perks"
          checked={held.has(perk)}
          disabled={disabled}
          onChange={(on) => onToggle(perk, on)}
        >
          {names[perk]}
        </Checkbox>
      ))}
      <p className="help">{t('perks.help')}</p>
      {children}
    </fieldset>
  );
}
