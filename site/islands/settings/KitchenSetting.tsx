import { useState } from 'react';
import type { Kitchen } from '../../../plugins/settings/schemas.ts';
import { answerOf, client } from '../../lib/client.ts';
import { settingValue } from '../../lib/settings.ts';
import { Switch } from '../kit/Switch.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useTexts } from '../kit/use-texts.ts';
import { SettingForm, type SettingsTexts } from './SettingForm.tsx';

const MARK = '\u2063';

/** Site Settings' Kitchen: open (the bot takes orders) or closed, and the reason customers are told. */
export default function KitchenSetting({ kitchen, texts, refusalWords }: { kitchen: Kitchen } & SettingsTexts) {
  const t = useTexts(texts);
  // The help around the bot's two commands, as the language orders the sentence.
  const [before, between, after] = t('kitchen.help', { open: MARK, close: MARK }).split(MARK);
  const [open, setOpen] = useState(kitchen.open);
  const [reason, setReason] = useState(kitchen.reason);
  const val = settingValue.kitchen({ open, reason });
  const send = () => answerOf(client.POST('/api/client/settings/kitchen', { body: { val } }));
  return (
    <SettingForm setting="kitchen" t={t} words={refusalWords} value={val} send={send}>
      {({ field, control }) => (
        <>
          <div className="field">
            <Switch
              className="setting-check"
              name="open"
              checked={open}
              onChange={setOpen}
              {...control('kitchen-open', 'kitchen-help')}
            >
              {t('kitchen.switch')}
            </Switch>
            <p className="help" id="kitchen-help">
              {before}
              <code>/kitchen open</code>
              {between}
              <code>/kitchen close</code>
              {after}
            </p>
          </div>
          <TextField
            id="kitchen-reason"
            label={t('kitchen.reason')}
            help={t('kitchen.reasonHelp')}
            name="reason"
            maxLength={200}
            value={reason}
            onChange={setReason}
            control={false}
            {...field('kitchen-reason')}
          />
        </>
      )}
    </SettingForm>
  );
}
