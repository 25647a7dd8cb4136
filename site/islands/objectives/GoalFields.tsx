import { OBJECTIVE_TYPES } from '../../../plugins/objectives/schemas.ts';
import { Field } from '../kit/Field.tsx';
import { Select } from '../kit/Select.tsx';
import type { ObjectiveControls } from './use-objective-form.ts';

/** What counts, how many, and the window the orders are counted in. */
export function GoalFields({ fields, bind, id, off, t }: ObjectiveControls) {
  return (
    <div className="columns is-mobile is-multiline">
      <div className="column is-12-mobile is-8-tablet">
        <Field id={id('type')} label={t('form.counts')}>
          <Select id={id('type')} value={fields.type} onChange={bind('type')} disabled={off}>
            {OBJECTIVE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`form.type.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="column is-12-mobile is-4-tablet">
        <Field id={id('target')} label={t('form.target')}>
          <input
            className="input"
            id={id('target')}
            type="number"
            inputMode="numeric"
            min={1}
            max={100000}
            value={fields.target}
            onChange={bind('target')}
            required
            disabled={off}
          />
        </Field>
      </div>
      <div className="column is-12-mobile is-6-tablet">
        <Field id={id('from')} label={t('form.from')} help={{ id: id('from-help'), text: t('form.fromHelp') }}>
          <input
            className="input"
            id={id('from')}
            type="datetime-local"
            value={fields.from}
            onChange={bind('from')}
            aria-describedby={id('from-help')}
            disabled={off}
          />
        </Field>
      </div>
      <div className="column is-12-mobile is-6-tablet">
        <Field id={id('until')} label={t('form.until')} help={{ id: id('until-help'), text: t('form.untilHelp') }}>
          <input
            className="input"
            id={id('until')}
            type="datetime-local"
            value={fields.until}
            onChange={bind('until')}
            aria-describedby={id('until-help')}
            disabled={off}
          />
        </Field>
      </div>
    </div>
  );
}
