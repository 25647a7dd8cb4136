import type { AudienceResponse } from '../../../plugins/objectives/schemas.ts';
import type { AdminObjectivesT } from '../../i18n/admin-objectives/index.ts';
import type { ObjectivesText } from '../../i18n/objectives/index.ts';
import { goalWords } from './achievement-words.ts';
import type { ObjectiveFields } from './use-objective-form.ts';
import { nameOf } from './WhoFields.tsx';

interface Props {
  id: string;
  fields: ObjectiveFields;
  audience: AudienceResponse | null;
  t: AdminObjectivesT;
  /** My Achievements' words: the goal as the member will read it. */
  said: ObjectivesText;
}

/** The form's live preview: the goal in words, and who it applies to now. */
export function AudienceLine({ id, fields, audience, t, said }: Props) {
  const n = Math.trunc(Number(fields.target)) || 0;
  const who =
    audience === null
      ? t(fields.scope === 'user' ? 'audience.choose' : 'audience.counting')
      : audience.scope === 'global'
        ? t('audience.kitchen', { count: audience.count })
        : t('audience.one', { name: nameOf(audience.user!) });
  return (
    <div
      className="notification is-info is-light objective-audience"
      id={id}
      aria-live="polite"
      data-testid="objective-audience"
    >
      {n > 0 && <strong>{goalWords({ type: fields.type, target: n }, said)}. </strong>}
      {who}
    </div>
  );
}
