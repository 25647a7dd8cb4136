import { answerOf, client } from '../../lib/client.ts';
import { settingFormValue } from '../../lib/settings.ts';
import { SettingForm } from './SettingForm.tsx';
import { Switch } from './Switch.tsx';

/** Site Settings' Features box: the Teams switch (on: teams show on profiles and the leaderboard). */
export default function TeamsSetting({ enabled }: { enabled: boolean }) {
  const send = (data: FormData) =>
    answerOf(client.POST('/api/client/settings/teamsEnabled', { body: { val: settingFormValue.teamsEnabled(data) } }));
  return (
    <SettingForm setting="teamsEnabled" send={send}>
      {(control) => (
        <div className="field">
          <Switch
            name="enabled"
            defaultChecked={enabled}
            aria-describedby="teamsEnabled-help teamsEnabled-error"
            {...control()}
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
