import type { ReactNode } from 'react';
import type { SettingKey } from '../../../plugins/settings/schemas.ts';
import { settingLabel } from '../../lib/settings.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useSettingForm } from './use-setting-form.ts';

/** What a setting's control needs from its form: `control('input')` gives the class, `disabled` and `aria-invalid`. */
export type Control = (className?: string) => { className?: string; disabled: boolean; 'aria-invalid'?: true };

interface Props {
  setting: SettingKey;
  /** Saves the form's data: the setting's own POST on the typed client. */
  send: (data: FormData) => Promise<unknown>;
  /** The controls (uncontrolled: the form's data is read when it is sent), each given its props by `control`. */
  children: (control: Control) => ReactNode;
}

/**
 * One setting on Site Settings' General tab: its controls, the server's message when it refuses the value, and its
 * own Save (useSettingForm). While a message stands the controls are `aria-invalid` and outlined red (Bulma's
 * `is-danger`), and each names the message line in its `aria-describedby`; the controls and Save are disabled until
 * hydrated.
 */
export function SettingForm({ setting, send, children }: Props) {
  const hydrated = useHydrated();
  const { busy, problem, submit } = useSettingForm(setting, send);
  const invalid = problem !== '';
  const control: Control = (className) => ({
    className: [className, invalid ? 'is-danger' : null].filter(Boolean).join(' ') || undefined,
    disabled: !hydrated,
    'aria-invalid': invalid || undefined,
  });
  return (
    <form
      className="setting-form"
      aria-label={settingLabel(setting)}
      data-testid={`setting-${setting}`}
      noValidate
      onSubmit={submit}
    >
      {children(control)}
      <p className="help is-danger" id={`${setting}-error`} role="alert">
        {problem}
      </p>
      <div className="buttons is-right">
        <button
          className={busy ? 'button is-primary is-loading' : 'button is-primary'}
          type="submit"
          disabled={!hydrated}
        >
          Save
        </button>
      </div>
    </form>
  );
}
