import type { FestiveMode } from '../../../plugins/settings/schemas.ts';
import { answerOf, client } from '../../lib/client.ts';
import { settingFormValue, utcFieldValue } from '../../lib/settings.ts';
import { InputField } from '../kit/InputField.tsx';
import { SettingForm } from './SettingForm.tsx';
import { Switch } from './Switch.tsx';

/** Site Settings' Festive mode: snow and the countdown on every page, the moment (in UTC) and its label. */
export default function FestiveSetting({ festive }: { festive: FestiveMode }) {
  const send = (data: FormData) =>
    answerOf(client.POST('/api/client/settings/festiveMode', { body: { val: settingFormValue.festiveMode(data) } }));
  return (
    <SettingForm setting="festiveMode" send={send}>
      {(control) => (
        <>
          <div className="field">
            <Switch name="enabled" defaultChecked={festive.enabled} aria-describedby="festiveMode-error" {...control()}>
              Snow and countdown on every page
            </Switch>
          </div>
          <InputField
            label="Count down to (UTC)"
            helpId="festive-countdown-help"
            help="Leave it empty for no countdown."
            id="festive-countdown-to"
            name="countdownTo"
            type="datetime-local"
            defaultValue={utcFieldValue(festive.countdownTo)}
            aria-describedby="festive-countdown-help festiveMode-error"
            {...control('input')}
          />
          <InputField
            label="Countdown label"
            helpId="festive-label-help"
            help="Reads “3d 04h until Christmas”, then “Happy Christmas!”."
            id="festive-countdown-label"
            name="countdownLabel"
            maxLength={80}
            defaultValue={festive.countdownLabel}
            aria-describedby="festive-label-help festiveMode-error"
            {...control('input')}
          />
        </>
      )}
    </SettingForm>
  );
}
