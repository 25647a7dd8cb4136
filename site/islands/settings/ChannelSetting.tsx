import { answerOf, client } from '../../lib/client.ts';
import { settingFormValue } from '../../lib/settings.ts';
import { InputField } from '../kit/InputField.tsx';
import { SettingForm } from './SettingForm.tsx';

/** Site Settings' Discord box: the channel announced rank changes are posted to, empty for none. */
export default function ChannelSetting({ channel }: { channel: string | null }) {
  const send = (data: FormData) =>
    answerOf(
      client.POST('/api/client/settings/rankAnnouncementChannel', {
        body: { val: settingFormValue.rankAnnouncementChannel(data) },
      }),
    );
  return (
    <SettingForm setting="rankAnnouncementChannel" send={send}>
      {(control) => (
        <InputField
          label="Rank announcement channel ID"
          helpId="rank-channel-help"
          help="Announced rank changes are posted there by the bot. Leave it empty for none: the member alone is told."
          id="setting-rank-channel"
          name="channel"
          inputMode="numeric"
          autoComplete="off"
          maxLength={32}
          defaultValue={channel ?? ''}
          placeholder="None"
          aria-describedby="rank-channel-help rankAnnouncementChannel-error"
          {...control('input')}
        />
      )}
    </SettingForm>
  );
}
