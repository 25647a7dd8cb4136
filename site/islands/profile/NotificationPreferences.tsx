import { useState } from 'react';
import { answerOf, client } from '../../lib/client.ts';
import { Checkbox } from '../kit/Checkbox.tsx';
import { ErrorLine } from '../kit/ErrorLine.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';

/** The user's own notification preferences on Edit Profile: saved as soon as the switch changes. */
export default function NotificationPreferences({ dms }: { dms: boolean }) {
  const hydrated = useHydrated();
  const [checked, setChecked] = useState(dms);
  const { busy, run, problem } = useAction({
    done: (saved: { dms: boolean }) =>
      saved.dms ? 'Decisions will also come as Discord DMs.' : 'No more Discord DMs: decisions stay under the bell.',
    stay: true,
    inline: true,
  });

  const change = async (wanted: boolean) => {
    setChecked(wanted);
    const saved = await run(() =>
      answerOf(client.PUT('/api/client/notifications/preferences', { body: { dms: wanted } })),
    );
    setChecked(saved ? saved.dms : !wanted);
  };

  return (
    <form className="notification-preferences box" id="notification-preferences" noValidate>
      <h2 className="title is-5">Notifications</h2>
      <div className="field">
        <Checkbox
          id="notice-dms"
          name="dms"
          checked={checked}
          disabled={!hydrated || busy}
          onChange={(wanted) => void change(wanted)}
          help={{
            id: 'notice-dms-help',
            text: "Decisions about you (an appeal, an application, a leave request) always appear under the bell. With this on, the diner's bot also sends them to you as a direct message on Discord.",
          }}
        >
          Send me decisions as Discord DMs
        </Checkbox>
      </div>
      <ErrorLine id="preferences-error" problem={problem} data-preferences-error />
    </form>
  );
}
