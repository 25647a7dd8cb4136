import { ANNOUNCEMENT_TYPES, type Announcement } from '../../../plugins/settings/schemas.ts';
import { ANNOUNCEMENT_TYPE_LABELS } from '../../lib/announcement.ts';

interface Props {
  type: Announcement['type'];
  onChange: (type: Announcement['type']) => void;
  disabled: boolean;
}

/** The Announce page's colour: one radio a type, each shown as a swatch in its own colour. */
export function AnnouncementColours({ type: chosen, onChange, disabled }: Props) {
  return (
    <fieldset className="field">
      <legend className="label">Colour</legend>
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
            <span className={`announcement-swatch notification ${type}`}>{ANNOUNCEMENT_TYPE_LABELS[type]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
