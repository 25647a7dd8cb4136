import { useState } from 'react';
import { answerOf, client } from '../../lib/client.ts';
import {
  NUMBER_SETTING_TEXT,
  type NumberSettingKey,
  numberBounds,
  settingLabel,
  settingValue,
} from '../../lib/settings.ts';
import { Field } from '../kit/Field.tsx';
import { SettingForm } from './SettingForm.tsx';

interface Props {
  /** The box's number settings, in order, each with its value now. */
  settings: { key: NumberSettingKey; value: number }[];
}

/** A Site Settings box of whole numbers (Appeals, Rewards): each its own form (NumberSetting). */
export default function NumberSettings({ settings }: Props) {
  return settings.map(({ key, value }) => <NumberSetting key={key} setting={key} value={value} />);
}

/** One whole-number setting: its field bounded by the setting's schema (numberBounds), the unit beside it, the range under it. */
function NumberSetting({ setting, value: initial }: { setting: NumberSettingKey; value: number }) {
  const [value, setValue] = useState(String(initial));
  const { min, max } = numberBounds(setting);
  const text = NUMBER_SETTING_TEXT[setting];
  const id = `setting-${setting}`;
  const helpId = `${setting}-help`;
  // An empty field is null, for the setting's schema to refuse with the server's own message (docs/settings.md):
  // the contract names only the number it accepts.
  const val = settingValue.number(value);
  const send = () => answerOf(client.POST(`/api/client/settings/${setting}`, { body: { val: val as number } }));
  return (
    <SettingForm setting={setting} value={val} send={send}>
      {({ control }) => (
        <Field
          id={id}
          label={settingLabel(setting)}
          help={{ id: helpId, text: `${text.help} From ${min.toLocaleString('en')} to ${max.toLocaleString('en')}.` }}
        >
          <div className="field has-addons">
            <div className="control is-expanded">
              <input
                className="input"
                name="value"
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                step="1"
                value={value}
                onChange={(event) => setValue(event.target.value)}
                {...control(id, helpId)}
              />
            </div>
            <div className="control">
              <span className="button is-static setting-unit">{text.unit}</span>
            </div>
          </div>
        </Field>
      )}
    </SettingForm>
  );
}
