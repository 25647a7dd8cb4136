import type { Kitchen } from '../../../plugins/settings/schemas.ts';
import { answerOf, client } from '../../lib/client.ts';
import { settingFormValue } from '../../lib/settings.ts';
import { InputField } from '../kit/InputField.tsx';
import { SettingForm } from './SettingForm.tsx';
import { Switch } from './Switch.tsx';

/** Site Settings' Kitchen: open (the bot takes orders) or closed, and the reason customers are told. */
export default function KitchenSetting({ kitchen }: { kitchen: Kitchen }) {
  const send = (data: FormData) =>
    answerOf(client.POST('/api/client/settings/kitchen', { body: { val: settingFormValue.kitchen(data) } }));
  return (
    <SettingForm setting="kitchen" send={send}>
      {(control) => (
        <>
          <div className="field">
            <Switch
              name="open"
              defaultChecked={kitchen.open}
              aria-describedby="kitchen-help kitchen-error"
              {...control()}
            >
              Kitchen open: the bot takes orders
            </Switch>
            <p className="help" id="kitchen-help">
              The bot's <code>/kitchen open</code> and <code>/kitchen close</code> set this too.
            </p>
          </div>
          <InputField
            label="Reason it is closed"
            helpId="kitchen-reason-help"
            help="Customers are told this while the kitchen is closed."
            id="kitchen-reason"
            name="reason"
            maxLength={200}
            defaultValue={kitchen.reason}
            aria-describedby="kitchen-reason-help kitchen-error"
            {...control('input')}
          />
        </>
      )}
    </SettingForm>
  );
}
