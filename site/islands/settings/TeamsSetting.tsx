import { useState } from 'react';
import { answerOf, client } from '../../lib/client.ts';
import { Switch } from '../kit/Switch.tsx';
import { SettingForm } from './SettingForm.tsx';

/** Site Settings' Features box: the Teams switch (on: teams show on profiles and the leaderboard). */
export default function TeamsSetting({ enabled: initial }: { enabled: boolean }) {
  const [enabled, setEnabled] = useState(initial);
  const send = () => answerOf(client.POST('/api/client/settings/teamsEnabled', { body: { val: enabled } }));
  return (
    <SettingForm setting="teamsEnabled" value={enabled} send={send}>
      {({ control }) => (
        <div className="field">
          <Switch
            className="setting-check"
            name="enabled"
            checked={enabled}
            onChange={setEnabled}
            {...control('teams-enabled', 'teamsEnabled-help')}
          >
            Teams
          </Switch>
          <p className="help" id="teamsEnabled-help">
            On: teams show on profiles and the leaderboard. Off: only team managers see them, to prepare them.
          </p>
        </div>
      )}
    </SettingForm>
  );
}
