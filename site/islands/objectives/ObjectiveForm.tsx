import { useId } from 'react';
import type { ObjectivePerson } from '../../../plugins/objectives/schemas.ts';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';
import { AudienceLine } from './AudienceLine.tsx';
import { GoalFields } from './GoalFields.tsx';
import { RewardFields } from './RewardFields.tsx';
import { useObjectiveForm } from './use-objective-form.ts';
import { WhoFields } from './WhoFields.tsx';

interface Props {
  members: ObjectivePerson[];
  /** Ranks the editor may hand out (the server's mayGrant rule). */
  ranks: { id: string; name: string }[];
}

/** The objective form: who, what, when and what it pays, with a live preview of who it applies to. */
export default function ObjectiveForm({ members, ranks }: Props) {
  const uid = useId();
  const hydrated = useHydrated();
  const form = useObjectiveForm(ranks[0]?.id ?? '');
  const id = (name: string) => `${uid}-${name}`;
  const controls = { fields: form.fields, bind: form.bind, id, off: !hydrated || form.busy };
  return (
    <form
      className="objective-form box"
      noValidate
      aria-describedby={id('audience')}
      onSubmit={(event) => {
        event.preventDefault();
        form.save();
      }}
    >
      <WhoFields {...controls} members={members} />
      <GoalFields {...controls} />
      <RewardFields {...controls} ranks={ranks} />
      <AudienceLine id={id('audience')} fields={form.fields} audience={form.audience} />
      {form.problem && (
        <p className="help is-danger" role="alert">
          {form.problem}
        </p>
      )}
      <div className="field">
        <SubmitButton className="is-link" busy={form.busy} disabled={!hydrated}>
          Create objective
        </SubmitButton>
      </div>
    </form>
  );
}
