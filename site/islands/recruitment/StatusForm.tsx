import type { FormEvent } from 'react';
import {
  APPLICATION_STATUS,
  type ApplicationStatus,
  UpdateStatusBodySchema,
} from '../../../plugins/recruitment/schemas.ts';
import { answerOf, client } from '../../lib/client.ts';
import { applicationTag } from '../../lib/labels.ts';
import { refusalOf } from '../../lib/refusal.ts';
import { Field } from '../kit/Field.tsx';
import { Select } from '../kit/Select.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useAction } from '../kit/use-action.ts';
import { useFields } from '../kit/use-fields.ts';
import { useHydrated } from '../kit/use-hydrated.ts';

interface Props {
  applicationId: string;
  /** The statuses it may move to (not the one it has). */
  choices: ApplicationStatus[];
  staffNotes: string | null;
  /** The form's applications list: where a decided application's reviewer goes next. */
  listHref: string;
}

/**
 * A reviewer's Change the status: the new status, the reason the applicant reads, the staff notes. The list drops an
 * updated application unless it is now on hold (specification §4): on hold, the reviewer stays with it.
 */
export default function StatusForm({ applicationId, choices, staffNotes, listHref }: Props) {
  const hydrated = useHydrated();
  const { fields, bind } = useFields({ status: String(choices[0]), reason: '', staffNotes: staffNotes ?? '' });
  const onHold = Number(fields.status) === APPLICATION_STATUS.HOLD;
  const { busy, run, refuse } = useAction({
    done: onHold ? 'The application is on hold.' : 'Status saved: the applicant has been told.',
    next: onHold ? undefined : listHref,
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      status: Number(fields.status) as ApplicationStatus,
      reason: fields.reason.trim() || null,
      staffNotes: fields.staffNotes.trim() || null,
    };
    const refusal = refusalOf(UpdateStatusBodySchema, body);
    if (refusal) return refuse(refusal);
    const path = { id: applicationId };
    void run(() =>
      answerOf(client.PATCH('/api/client/recruitment/applications/{id}/update-status', { params: { path }, body })),
    );
  };

  const off = !hydrated || busy;
  return (
    <form className="box" id="status-form" onSubmit={save}>
      <h2 className="title is-5">Change the status</h2>
      <Field id="status" label="New status">
        <Select id="status" name="status" required value={fields.status} disabled={off} onChange={bind('status')}>
          {choices.map((status) => (
            <option key={status} value={status}>
              {applicationTag(status).label}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="reason"
        label="Reason"
        help={{ id: 'reason-help', text: 'The applicant reads this with the new status.' }}
      >
        <textarea
          className="textarea"
          id="reason"
          name="reason"
          rows={3}
          maxLength={1000}
          aria-describedby="reason-help"
          value={fields.reason}
          disabled={off}
          onChange={bind('reason')}
        />
      </Field>
      <Field
        id="staffNotes"
        label="Staff notes"
        help={{ id: 'notes-help', text: 'Only reviewers see these, never the applicant.' }}
      >
        <textarea
          className="textarea"
          id="staffNotes"
          name="staffNotes"
          rows={4}
          maxLength={4000}
          aria-describedby="notes-help"
          value={fields.staffNotes}
          disabled={off}
          onChange={bind('staffNotes')}
        />
      </Field>
      <SubmitButton className="is-primary" busy={busy} disabled={!hydrated}>
        Save status
      </SubmitButton>
    </form>
  );
}
