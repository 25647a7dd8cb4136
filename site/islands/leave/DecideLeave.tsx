import { type FormEvent, useState } from 'react';
import { MAX_NOTE_LENGTH, UpdateLeaveStatusBodySchema } from '../../../plugins/onleave/schemas.ts';
import type { AdminLeaveKey } from '../../i18n/admin-leave/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { toast } from '../../lib/toast.ts';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

interface Props {
  id: string;
  /** The member's name, for the note's label. */
  name: string;
  /** On Leave Requests' words in the page's language (site.admin-leave). */
  texts: BrowserTexts<AdminLeaveKey>;
  /** A refusal's words in the page's language (`refusalWords`: the schemas' messages, the frame, zod's problems). */
  refusalWords: RefusalWords;
}

type Decision = 'APPROVED' | 'DENIED';

/** On Leave Requests' Decide: a note for the member, then Approve or Deny; the page loads again with a toast. */
export default function DecideLeave({ id, name, texts, refusalWords }: Props) {
  const t = useTexts(texts);
  const hydrated = useHydrated();
  const [note, setNote] = useState('');
  const approve = useAction({ done: t('decide.approved') });
  const deny = useAction({ done: t('decide.denied') });
  const busy = approve.busy || deny.busy;

  const decide = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const status: Decision = submitter?.value === 'DENIED' ? 'DENIED' : 'APPROVED';
    if (!note.trim()) return toast(t('decide.writeNote'), 'is-warning');
    const body = { status, note: note.trim() };
    const action = status === 'APPROVED' ? approve : deny;
    const refusal = refusalOf(UpdateLeaveStatusBodySchema, body, {}, 'body', refusalWords);
    if (refusal) return action.refuse(refusal);
    void action.run(() =>
      answerOf(client.POST('/api/client/onleave/requests/{id}/update-status', { params: { path: { id } }, body })),
    );
  };

  return (
    <details className="leave-decide">
      <summary className="button is-small">{t('decide.open')}</summary>
      <form onSubmit={decide}>
        <label className="label is-small" htmlFor={`note-${id}`}>
          {t('decide.note', { name })}
        </label>
        <textarea
          className="textarea is-small"
          id={`note-${id}`}
          name="note"
          required
          maxLength={MAX_NOTE_LENGTH}
          rows={2}
          value={note}
          disabled={!hydrated || busy}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="buttons">
          <button
            className="button is-small is-success"
            type="submit"
            name="status"
            value="APPROVED"
            disabled={!hydrated || busy}
          >
            {t('decide.approve')}
          </button>
          <button
            className="button is-small is-danger"
            type="submit"
            name="status"
            value="DENIED"
            disabled={!hydrated || busy}
          >
            {t('decide.deny')}
          </button>
        </div>
      </form>
    </details>
  );
}
