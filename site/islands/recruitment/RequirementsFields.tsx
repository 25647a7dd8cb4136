import type { Requirements } from '../../../plugins/recruitment/schemas.ts';
import type { AdminRecruitmentT } from '../../i18n/admin-recruitment/index.ts';
import { Field } from '../kit/Field.tsx';

interface Props {
  requirements: Requirements;
  change: (requirements: Requirements) => void;
  id: (name: string) => string;
  off: boolean;
  t: AdminRecruitmentT;
}

const days = (value: string) => Math.max(0, Math.trunc(Number(value) || 0));

/** Who may apply: account age, the cooldown after a denial, not staff already, one open application at a time. */
export function RequirementsFields({ requirements, change, id, off, t }: Props) {
  const set = (patch: Partial<Requirements>) => change({ ...requirements, ...patch });
  return (
    <fieldset className="field">
      <legend className="label">{t('settings.requirements')}</legend>
      <div className="columns">
        <div className="column">
          <Field id={id('age')} label={t('settings.accountAge')}>
            <input
              className="input"
              id={id('age')}
              type="number"
              min={0}
              max={3650}
              value={requirements.minAccountAgeDays}
              disabled={off}
              onChange={(e) => set({ minAccountAgeDays: days(e.target.value) })}
            />
          </Field>
        </div>
        <div className="column">
          <Field id={id('cooldown')} label={t('settings.cooldown')}>
            <input
              className="input"
              id={id('cooldown')}
              type="number"
              min={0}
              max={365}
              value={requirements.reapplyCooldownDays}
              disabled={off}
              onChange={(e) => set({ reapplyCooldownDays: days(e.target.value) })}
            />
          </Field>
        </div>
      </div>
      <div className="recruitment-choices">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={requirements.notStaff}
            disabled={off}
            onChange={(e) => set({ notStaff: e.target.checked })}
          />{' '}
          {t('settings.notStaff')}
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={requirements.oneAtATime}
            disabled={off}
            onChange={(e) => set({ oneAtATime: e.target.checked })}
          />{' '}
          {t('settings.oneAtATime')}
        </label>
      </div>
    </fieldset>
  );
}
