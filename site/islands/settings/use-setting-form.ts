import { type SubmitEvent, useState } from 'react';
import type { SettingKey } from '../../../plugins/settings/schemas.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { settingLabel } from '../../lib/settings.ts';
import { toast } from '../../lib/toast.ts';

/**
 * One setting's form on Site Settings' General tab: submitted, the form's data goes to `send` (the setting's own
 * POST /api/client/settings/{key}), `busy` meanwhile (at least 200 ms). Saved: a toast, and the form keeps what was
 * typed (no reload). Refused: `problem` is the server's message, shown beside the controls until a save goes through.
 */
export function useSettingForm(
  key: SettingKey,
  send: (data: FormData) => Promise<unknown>,
): { busy: boolean; problem: string; submit: (event: SubmitEvent<HTMLFormElement>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await withMinimumDisplay(send(data));
      setProblem('');
      toast(`${settingLabel(key)} saved.`, 'is-success');
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, submit };
}
