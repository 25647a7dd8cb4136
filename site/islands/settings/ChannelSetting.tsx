import { useState } from 'react';
import { answerOf, client } from '../../lib/client.ts';
import { settingValue } from '../../lib/settings.ts';
import { TextField } from '../kit/TextField.tsx';
import { SettingForm } from './SettingForm.tsx';

/** Site Settings' Discord box: the channel announced rank changes are posted to, empty for none. */
export default function ChannelSetting({ channel: initial }: { channel: string | null }) {
  const [channel, setChannel] = useState(initial ?? '');
  const val = settingValue.rankAnnouncementChannel(channel);
  const send = () => answerOf(client.POST('/api/client/settings/rankAnnouncementChannel', { body: { val } }));
  return (
    <SettingForm setting="rankAnnouncementChannel" value={val} send={send}>
      {({ field }) => (
        <TextField
          id="setting-rank-channel"
          label="Rank announcement channel ID"
          help="Announced rank changes are posted there by the bot. Leave it empty for none: the member alone is told."
          name="channel"
          inputMode="numeric"
          autoComplete="off"
          maxLength={32}
          placeholder="None"
          value={channel}
          onChange={setChannel}
          control={false}
          {...field('setting-rank-channel')}
        />
      )}
    </SettingForm>
  );
}
