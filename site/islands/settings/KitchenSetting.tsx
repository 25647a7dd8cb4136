import { useState } from 'react';
import type { Kitchen } from '../../../plugins/settings/schemas.ts';
import { answerOf, client } from '../../lib/client.ts';
import { settingValue } from '../../lib/settings.ts';
import { Switch } from '../kit/Switch.tsx';
import { TextField } from '../kit/TextField.tsx';
import { SettingForm } from './SettingForm.tsx';

/** Site Settings' Kitchen: open (the bot takes orders) or closed, and the reason customers are told. */
export default function KitchenSetting({ kitchen }: { kitchen: Kitchen }) {
  const [open, setOpen] = useState(kitchen.open);
  const [reason, setReason] = useState(kitchen.reason);
  const val = settingValue.kitchen({ open, reason });
  const send = () => answerOf(client.POST('/api/client/settings/kitchen', { body: { val } }));
  return (
    <SettingForm setting="kitchen" value={val} send={send}>
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
              Kitchen open: the bot takes orders
            </Switch>
            <p className="help" id="kitchen-help">
              The bot's <code>/kitchen open</code> and <code>/kitchen close</code> set this too.
            </p>
          </div>
          <TextField
            id="kitchen-reason"
            label="Reason it is closed"
            help="Customers are told this while the kitchen is closed."
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
