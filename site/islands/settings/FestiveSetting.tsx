import { useState } from 'react';
import type { FestiveMode } from '../../../plugins/settings/schemas.ts';
import { answerOf, client } from '../../lib/client.ts';
import { settingValue, utcFieldValue } from '../../lib/settings.ts';
import { Switch } from '../kit/Switch.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useFields } from '../kit/use-fields.ts';
import { useTexts } from '../kit/use-texts.ts';
import { SettingForm, type SettingsTexts } from './SettingForm.tsx';

/** Site Settings' Festive mode: snow and the countdown on every page, the moment (in UTC) and its label. */
export default function FestiveSetting({ festive, texts, refusalWords }: { festive: FestiveMode } & SettingsTexts) {
  const t = useTexts(texts);
  const [enabled, setEnabled] = useState(festive.enabled);
  const { fields, set } = useFields({
    countdownTo: utcFieldValue(festive.countdownTo),
    countdownLabel: festive.countdownLabel,
  });
  const val = settingValue.festiveMode({ enabled, ...fields });
  const send = () => answerOf(client.POST('/api/client/settings/festiveMode', { body: { val } }));
  return (
    <SettingForm setting="festiveMode" t={t} words={refusalWords} value={val} send={send}>
      {({ field, control }) => (
        <>
          <div className="field">
            <Switch
              className="setting-check"
              name="enabled"
              checked={enabled}
              onChange={setEnabled}
              {...control('festive-enabled')}
            >
              {t('festive.switch')}
            </Switch>
          </div>
          <TextField
            id="festive-countdown-to"
            label={t('festive.to')}
            help={t('festive.toHelp')}
            name="countdownTo"
            type="datetime-local"
            value={fields.countdownTo}
            onChange={(value) => set('countdownTo', value)}
            control={false}
            {...field('festive-countdown-to')}
          />
          <TextField
            id="festive-countdown-label"
            label={t('festive.label')}
            help={t('festive.labelHelp')}
            name="countdownLabel"
            maxLength={80}
            value={fields.countdownLabel}
            onChange={(value) => set('countdownLabel', value)}
            control={false}
            {...field('festive-countdown-label')}
          />
        </>
      )}
    </SettingForm>
  );
}
