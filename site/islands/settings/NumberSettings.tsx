import { answerOf, client } from '../../lib/client.ts';
import {
  NUMBER_SETTING_TEXT,
  type NumberSettingKey,
  numberBounds,
  settingFormValue,
  settingLabel,
} from '../../lib/settings.ts';
import { SettingForm } from './SettingForm.tsx';

interface Props {
  /** The box's number settings, in order, each with its value now. */
  settings: { key: NumberSettingKey; value: number }[];
}

/**
 * A Site Settings box of whole numbers (Appeals, Rewards): each its own form, its field bounded by the setting's
 * schema (numberBounds) with the unit beside it and the range under it.
 */
export default function NumberSettings({ settings }: Props) {
  return settings.map(({ key, value }) => {
    const { min, max } = numberBounds(key);
    const text = NUMBER_SETTING_TEXT[key];
    // An empty field is sent as null, for the server to refuse with its own message (docs/settings.md): the
    // contract names only the number it accepts.
    const send = (data: FormData) =>
      answerOf(client.POST(`/api/client/settings/${key}`, { body: { val: settingFormValue.number(data) as number } }));
    return (
      <SettingForm key={key} setting={key} send={send}>
        {(control) => (
          <>
            <label className="label" htmlFor={`setting-${key}`}>
              {settingLabel(key)}
            </label>
            <div className="field has-addons">
              <div className="control is-expanded">
                <input
                  id={`setting-${key}`}
                  name="value"
                  type="number"
                  inputMode="numeric"
                  min={min}
                  max={max}
                  step="1"
                  defaultValue={value}
                  aria-describedby={`${key}-help ${key}-error`}
                  {...control('input')}
                />
              </div>
              <div className="control">
                <span className="button is-static setting-unit">{text.unit}</span>
              </div>
            </div>
            <p className="help" id={`${key}-help`}>
              {text.help} From {min.toLocaleString('en')} to {max.toLocaleString('en')}.
            </p>
          </>
        )}
      </SettingForm>
    );
  });
}
