import { useState } from 'react';
import { answerOf, client } from '../../lib/client.ts';
import { settingValue } from '../../lib/settings.ts';
import { TextField } from '../kit/TextField.tsx';
import { useTexts } from '../kit/use-texts.ts';
import { SettingForm, type SettingsTexts } from './SettingForm.tsx';

/** Site Settings' Discord box: the channel announced rank changes are posted to, empty for none. */
export default function ChannelSetting({
  channel: initial,
  texts,
  refusalWords,
}: { channel: string | null } & SettingsTexts) {
  const t = useTexts(texts);
  const [channel, setChannel] = useState(initial ?? '');
  const val = settingValue.rankAnnouncementChannel(channel);
  const send = () => answerOf(client.POST('/api/client/settings/rankAnnouncementChannel', { body: { val } }));
  return (
    <SettingForm setting="rankAnnouncementChannel" t={t} words={refusalWords} value={val} send={send}>
      {({ field }) => (
        <TextField
          id="setting-rank-channel"
          label={t('channel.label')}
          help={t('channel.help')}
          name="channel"
          inputMode="numeric"
          autoComplete="off"
          maxLength={32}
          placeholder={t('channel.none')}
          value={channel}
          onChange={setChannel}
          control={false}
          {...field('setting-rank-channel')}
        />
      )}
    </SettingForm>
  );
}
