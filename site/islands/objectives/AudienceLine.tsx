import { type AudienceResponse, objectiveGoal } from '../../../plugins/objectives/schemas.ts';
import type { ObjectiveFields } from './use-objective-form.ts';
import { nameOf } from './WhoFields.tsx';

interface Props {
  id: string;
  fields: ObjectiveFields;
  audience: AudienceResponse | null;
}

/** The form's live preview: the goal in words, and who it applies to now. */
export function AudienceLine({ id, fields, audience }: Props) {
  const n = Math.trunc(Number(fields.target)) || 0;
  const who =
    audience === null
      ? fields.scope === 'user'
        ? 'Choose who it is for.'
        : 'Counting who it applies to…'
      : audience.scope === 'global'
        ? `Applies to ${audience.count.toLocaleString('en')} ${audience.count === 1 ? 'person' : 'people'} in the kitchen now.`
        : `Applies to ${nameOf(audience.user!)} only.`;
  return (
    <div
      className="notification is-info is-light objective-audience"
      id={id}
      aria-live="polite"
      data-testid="objective-audience"
    >
      {n > 0 && <strong>{objectiveGoal({ type: fields.type, target: n })}. </strong>}
      {who}
    </div>
  );
}
