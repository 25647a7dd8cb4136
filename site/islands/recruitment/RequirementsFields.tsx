import type { Requirements } from '../../../plugins/recruitment/schemas.ts';
import { Field } from '../kit/Field.tsx';

interface Props {
  requirements: Requirements;
  change: (requirements: Requirements) => void;
  id: (name: string) => string;
  off: boolean;
}

const days = (value: string) => Math.max(0, Math.trunc(Number(value) || 0));

/** Who may apply: account age, the cooldown after a denial, not staff already, one open application at a time. */
export function RequirementsFields({ requirements, change, id, off }: Props) {
  const set = (patch: Partial<Requirements>) => change({ ...requirements, ...patch });
  return (
    <fieldset className="field">
      <legend className="label">Requirements</legend>
      <div className="columns">
        <div className="column">
          <Field id={id('age')} label="Minimum Discord account age (days)">
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
          <Field id={id('cooldown')} label="Days before re-applying after a denial">
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
          Applicants must not be staff already
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={requirements.oneAtATime}
            disabled={off}
            onChange={(e) => set({ oneAtATime: e.target.checked })}
          />{' '}
          One open application at a time (to any form)
        </label>
      </div>
    </fieldset>
  );
}
