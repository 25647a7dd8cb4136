import type { ObjectivePerson } from '../../../plugins/objectives/schemas.ts';
import { Field } from '../kit/Field.tsx';
import { Select } from '../kit/Select.tsx';
import type { ObjectiveControls } from './use-objective-form.ts';

export const nameOf = (p: ObjectivePerson) => p.displayName || p.username;

/** The objective's title and description, and who it is for: everyone in the kitchen, or one person. */
export function WhoFields({ fields, bind, id, off, t, members }: ObjectiveControls & { members: ObjectivePerson[] }) {
  return (
    <>
      <Field id={id('title')} label={t('form.title')}>
        <input
          className="input"
          id={id('title')}
          value={fields.title}
          onChange={bind('title')}
          maxLength={100}
          required
          disabled={off}
        />
      </Field>
      <Field id={id('description')} label={t('form.description')}>
        <textarea
          className="textarea"
          id={id('description')}
          rows={2}
          value={fields.description}
          onChange={bind('description')}
          maxLength={1000}
          disabled={off}
        />
      </Field>
      <fieldset className="field">
        <legend className="label">{t('form.who')}</legend>
        <div className="control">
          <label className="radio">
            <input
              type="radio"
              name={id('scope')}
              value="global"
              checked={fields.scope === 'global'}
              onChange={bind('scope')}
              disabled={off}
            />{' '}
            {t('form.everyone')}
          </label>
          <label className="radio">
            <input
              type="radio"
              name={id('scope')}
              value="user"
              checked={fields.scope === 'user'}
              onChange={bind('scope')}
              disabled={off}
            />{' '}
            {t('form.one')}
          </label>
        </div>
      </fieldset>
      {fields.scope === 'user' && (
        <Field id={id('user')} label={t('form.person')}>
          <Select id={id('user')} value={fields.userId} onChange={bind('userId')} disabled={off}>
            <option value="">{t('form.choose')}</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {nameOf(m)} (@{m.username})
              </option>
            ))}
          </Select>
        </Field>
      )}
    </>
  );
}
