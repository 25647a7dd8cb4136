import type { AdminRecruitmentT } from '../../i18n/admin-recruitment/index.ts';
import { Field } from '../kit/Field.tsx';
import type { FormSettings } from './use-form-builder.ts';

interface Props {
  settings: FormSettings;
  change: (patch: Partial<FormSettings>) => void;
  id: (name: string) => string;
  off: boolean;
  t: AdminRecruitmentT;
}

/** Whether the form takes applications, and the optional times it opens and closes (the browser's time zone). */
export function OpenTimes({ settings, change, id, off, t }: Props) {
  return (
    <>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.open}
            disabled={off}
            onChange={(e) => change({ open: e.target.checked })}
          />{' '}
          {t('settings.open')}
        </label>
      </div>
      <div className="columns">
        <div className="column">
          <Field id={id('opens')} label={t('settings.opensAt')}>
            <input
              className="input"
              id={id('opens')}
              type="datetime-local"
              value={settings.opensAt}
              disabled={off}
              onChange={(e) => change({ opensAt: e.target.value })}
            />
          </Field>
        </div>
        <div className="column">
          <Field id={id('closes')} label={t('settings.closesAt')}>
            <input
              className="input"
              id={id('closes')}
              type="datetime-local"
              value={settings.closesAt}
              disabled={off}
              onChange={(e) => change({ closesAt: e.target.value })}
            />
          </Field>
        </div>
      </div>
    </>
  );
}
