import { useState } from 'react';
import type { ProfileFormsTexts } from '../../i18n/profile-forms/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { Checkbox } from '../kit/Checkbox.tsx';
import { ErrorLine } from '../kit/ErrorLine.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

/** The user's own notification preferences on Edit Profile: saved as soon as the switch changes. */
export default function NotificationPreferences({ dms, texts }: { dms: boolean; texts: ProfileFormsTexts }) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const [checked, setChecked] = useState(dms);
  const { busy, run, problem } = useAction({
    done: (saved: { dms: boolean }) => (saved.dms ? t('prefs.on') : t('prefs.off')),
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
      <h2 className="title is-5">{t('prefs.title')}</h2>
      <div className="field">
        <Checkbox
          id="notice-dms"
          name="dms"
          checked={checked}
          disabled={!hydrated || busy}
          onChange={(wanted) => void change(wanted)}
          help={{
            id: 'notice-dms-help',
            text: t('prefs.help'),
          }}
        >
          {t('prefs.label')}
        </Checkbox>
      </div>
      <ErrorLine id="preferences-error" problem={problem} data-preferences-error />
    </form>
  );
}
