import { useState } from 'react';
import { answerOf, client } from '../../lib/client.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import { type NumberSettingKey, numberBounds, settingValue } from '../../lib/settings.ts';
import { Field } from '../kit/Field.tsx';
import { useTexts } from '../kit/use-texts.ts';
import { SettingForm, type SettingsText, type SettingsTexts } from './SettingForm.tsx';

interface Props extends SettingsTexts {
  /** The box's number settings, in order, each with its value now. */
  settings: { key: NumberSettingKey; value: number }[];
}

/** A Site Settings box of whole numbers (Appeals, Rewards): each its own form (NumberSetting). */
export default function NumberSettings({ settings, texts, refusalWords }: Props) {
  const t = useTexts(texts);
  return settings.map(({ key, value }) => (
    <NumberSetting key={key} setting={key} value={value} t={t} words={refusalWords} />
  ));
}

/** One whole-number setting: its field bounded by the setting's schema (numberBounds), the unit beside it, the range under it. */
function NumberSetting({
  setting,
  value: initial,
  t,
  words,
}: {
  setting: NumberSettingKey;
  value: number;
  t: SettingsText;
  words: RefusalWords;
}) {
  const [value, setValue] = useState(String(initial));
  const { min, max } = numberBounds(setting);
  const id = `setting-${setting}`;
  const helpId = `${setting}-help`;
  // An empty field is null, for the setting's schema to refuse with the server's own message (docs/settings.md):
  // the contract names only the number it accepts.
  const val = settingValue.number(value);
  const send = () => answerOf(client.POST(`/api/client/settings/${setting}`, { body: { val: val as number } }));
  return (
    <SettingForm setting={setting} t={t} words={words} value={val} send={send}>
      {({ control }) => (
        <Field
          id={id}
          label={t(`label.${setting}`)}
          help={{ id: helpId, text: t('number.help', { help: t(`help.${setting}`), min, max }) }}
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
              <span className="button is-static setting-unit">{t(`unit.${setting}`)}</span>
            </div>
          </div>
        </Field>
      )}
    </SettingForm>
  );
}
