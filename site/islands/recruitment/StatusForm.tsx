import type { FormEvent } from 'react';
import {
  APPLICATION_STATUS,
  type ApplicationStatus,
  UpdateStatusBodySchema,
} from '../../../plugins/recruitment/schemas.ts';
import type { AdminRecruitmentTexts } from '../../i18n/admin-recruitment/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import { Field } from '../kit/Field.tsx';
import { Select } from '../kit/Select.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useAction } from '../kit/use-action.ts';
import { useFields } from '../kit/use-fields.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

interface Props {
  applicationId: string;
  /** The statuses it may move to (not the one it has), with their words in the page's language. */
  choices: { status: ApplicationStatus; label: string }[];
  staffNotes: string | null;
  /** The form's applications list: where a decided application's reviewer goes next. */
  listHref: string;
  /** Its words in the page's language (site.admin-recruitment). */
  texts: AdminRecruitmentTexts;
  /** A refusal's words in the page's language (`refusalWords`: the schemas' messages, the frame, zod's problems). */
  refusalWords: RefusalWords;
}

/**
 * A reviewer's Change the status: the new status, the reason the applicant reads, the staff notes. The list drops an
 * updated application unless it is now on hold (specification §4): on hold, the reviewer stays with it.
 */
export default function StatusForm({ applicationId, choices, staffNotes, listHref, texts, refusalWords }: Props) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const { fields, bind } = useFields({ status: String(choices[0]?.status), reason: '', staffNotes: staffNotes ?? '' });
  const onHold = Number(fields.status) === APPLICATION_STATUS.HOLD;
  const { busy, run, refuse } = useAction({
    done: t(onHold ? 'status.onHold' : 'status.saved'),
    next: onHold ? undefined : listHref,
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      status: Number(fields.status) as ApplicationStatus,
      reason: fields.reason.trim() || null,
      staffNotes: fields.staffNotes.trim() || null,
    };
    const refusal = refusalOf(UpdateStatusBodySchema, body, {}, 'body', refusalWords);
    if (refusal) return refuse(refusal);
    const path = { id: applicationId };
    void run(() =>
      answerOf(client.PATCH('/api/client/recruitment/applications/{id}/update-status', { params: { path }, body })),
    );
  };

  const off = !hydrated || busy;
  return (
    <form className="box" id="status-form" onSubmit={save}>
      <h2 className="title is-5">{t('status.title')}</h2>
      <Field id="status" label={t('status.new')}>
        <Select id="status" name="status" required value={fields.status} disabled={off} onChange={bind('status')}>
          {choices.map((choice) => (
            <option key={choice.status} value={choice.status}>
              {choice.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="reason" label={t('status.reason')} help={{ id: 'reason-help', text: t('status.reasonHelp') }}>
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
      <Field id="staffNotes" label={t('status.notes')} help={{ id: 'notes-help', text: t('status.notesHelp') }}>
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
        {t('status.save')}
      </SubmitButton>
    </form>
  );
}
