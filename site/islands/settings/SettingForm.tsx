import type { ReactNode } from 'react';
import { SETTING_DEFINITIONS, type SettingKey, settingBodySchema } from '../../../plugins/settings/schemas.ts';
import type { AdminSettingsKey } from '../../i18n/admin-settings/index.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import type { BrowserTexts, TextValues } from '../../lib/texts.ts';
import { describedBy, ErrorLine } from '../kit/ErrorLine.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import type { Problem } from '../kit/use-action.ts';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';

/** What each control of a setting's form is given by the form (SettingForm). */
export interface SettingControls {
  /** A `TextField`'s part: disabled until hydrated, the form's problem spoken of it and the problem's line. */
  field: (id: string) => { disabled: boolean; problem: Problem | null; errorId: string };
  /** Any other control's (a switch, a number box with its unit): disabled, `aria-invalid`, `aria-describedby`. */
  control: (
    id: string,
    help?: string,
  ) => { id: string; disabled: boolean; 'aria-invalid'?: true; 'aria-describedby'?: string };
}

/** Site Settings' words in the page's language (site.admin-settings), as `useTexts` gives them. */
export type SettingsText = (key: AdminSettingsKey, values?: TextValues) => string;

/** What each setting island is given by the General tab: its catalogue and a refusal's words in the page's language. */
export interface SettingsTexts {
  texts: BrowserTexts<AdminSettingsKey>;
  refusalWords: RefusalWords;
}

interface Props {
  setting: SettingKey;
  t: SettingsText;
  /** A refusal's words in the page's language (`refusalWords`). */
  words: RefusalWords;
  /** The value the form holds, as `send` sends it (`val`): checked first with the setting's own schema. */
  value: unknown;
  /** Saves the value the form holds: the setting's own POST on the typed client. */
  send: () => Promise<unknown>;
  /** The controls, each holding its value in the setting's state and given its part by the form. */
  children: (controls: SettingControls) => ReactNode;
}

/**
 * One setting on Site Settings' General tab: its controls, the server's message when it refuses the value, and its
 * own Save (useAction: at least 200 ms busy; saved, a toast and the form keeps what was typed). The value is checked
 * first with the route's own schema (`{ val }`, the setting's schema: settingBodySchema), so a value the server would
 * refuse gets its message without a call. A setting is one value, so the message speaks of every control: while it
 * stands each is `aria-invalid`, outlined red and described by the message line. The controls and Save are disabled
 * until hydrated.
 */
export function SettingForm({ setting, t, words, value, send, children }: Props) {
  const hydrated = useHydrated();
  const label = t(`label.${setting}`);
  const { busy, run, problem, refuse } = useAction({
    done: t('form.saved', { setting: label }),
    stay: true,
    inline: true,
  });
  const errorId = `${setting}-error`;
  const of = (id: string) => (problem ? { ...problem, field: id } : null);
  const controls: SettingControls = {
    field: (id) => ({ disabled: !hydrated, problem: of(id), errorId }),
    control: (id, help) => ({ id, disabled: !hydrated, ...describedBy(id, of(id), errorId, help) }),
  };
  return (
    <form
      className="setting-form"
      aria-label={label}
      data-testid={`setting-${setting}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const refusal = refusalOf(
          settingBodySchema(SETTING_DEFINITIONS[setting].schema),
          { val: value },
          {},
          'body',
          words,
        );
        if (refusal) return refuse(refusal);
        void run(send);
      }}
    >
      {children(controls)}
      <ErrorLine id={errorId} problem={problem} />
      <div className="buttons is-right">
        <SubmitButton className="is-primary" busy={busy} disabled={!hydrated}>
          {t('form.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
