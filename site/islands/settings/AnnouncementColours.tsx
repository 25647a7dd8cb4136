import { ANNOUNCEMENT_TYPES, type Announcement } from '../../../plugins/settings/schemas.ts';
import type { SettingsText } from './SettingForm.tsx';

interface Props {
  type: Announcement['type'];
  onChange: (type: Announcement['type']) => void;
  disabled: boolean;
  t: SettingsText;
}

/** The Announce page's colour: one radio a type, each shown as a swatch in its own colour. */
export function AnnouncementColours({ type: chosen, onChange, disabled, t }: Props) {
  return (
    <fieldset className="field">
      <legend className="label">{t('announce.colour')}</legend>
      <div className="announcement-types">
        {ANNOUNCEMENT_TYPES.map((type) => (
          <label className="announcement-type" key={type}>
            <input
              type="radio"
              name="type"
              value={type}
              checked={chosen === type}
              onChange={() => onChange(type)}
              disabled={disabled}
            />
            <span className={`announcement-swatch notification ${type}`}>{t(`type.${type}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
