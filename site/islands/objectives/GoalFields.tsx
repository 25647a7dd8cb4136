import { OBJECTIVE_TYPES, type ObjectiveType } from '../../../plugins/objectives/schemas.ts';
import { Field } from '../kit/Field.tsx';
import { Select } from '../kit/Select.tsx';
import type { ObjectiveControls } from './use-objective-form.ts';

const TYPE_LABELS: Record<ObjectiveType, string> = {
  ORDER_TARGET_DELIVERED: 'Orders delivered',
  ORDER_TARGET_PREPARED: 'Orders prepared',
  ORDER_TARGET_TOTAL: 'Orders prepared or delivered',
};

/** What counts, how many, and the window the orders are counted in. */
export function GoalFields({ fields, bind, id, off }: ObjectiveControls) {
  return (
    <div className="columns is-mobile is-multiline">
      <div className="column is-12-mobile is-8-tablet">
        <Field id={id('type')} label="Counts">
          <Select id={id('type')} value={fields.type} onChange={bind('type')} disabled={off}>
            {OBJECTIVE_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="column is-12-mobile is-4-tablet">
        <Field id={id('target')} label="Target">
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
        <Field id={id('from')} label="From" help={{ id: id('from-help'), text: 'Empty: every order so far counts.' }}>
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
        <Field id={id('until')} label="Until" help={{ id: id('until-help'), text: 'Empty: no end date.' }}>
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
