import { useState } from 'react';
import { answerOf, client } from '../../lib/client.ts';
import { Switch } from '../kit/Switch.tsx';
import { useTexts } from '../kit/use-texts.ts';
import { SettingForm, type SettingsTexts } from './SettingForm.tsx';

/** Site Settings' Features box: the Teams switch (on: teams show on profiles and the leaderboard). */
export default function TeamsSetting({ enabled: initial, texts, refusalWords }: { enabled: boolean } & SettingsTexts) {
  const t = useTexts(texts);
  const [enabled, setEnabled] = useState(initial);
  const send = () => answerOf(client.POST('/api/client/settings/teamsEnabled', { body: { val: enabled } }));
  return (
    <SettingForm setting="teamsEnabled" t={t} words={refusalWords} value={enabled} send={send}>
      {({ control }) => (
        <div className="field">
          <Switch
            className="setting-check"
            name="enabled"
            checked={enabled}
            onChange={setEnabled}
            {...control('teams-enabled', 'teamsEnabled-help')}
          >
            {t('teams.switch')}
          </Switch>
          <p className="help" id="teamsEnabled-help">
            {t('teams.help')}
          </p>
        </div>
      )}
    </SettingForm>
  );
}
