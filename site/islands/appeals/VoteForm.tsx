import { type FormEvent, useRef, useState } from 'react';
import { AppealVoteBodySchema, type AppealVoteChoice } from '../../../plugins/appeals/schemas.ts';
import type { AdminAppealsKey } from '../../i18n/admin-appeals/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { toast } from '../../lib/toast.ts';
import { Field } from '../kit/Field.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

interface Props {
  appealId: string;
  /** The viewer's vote so far: the form changes it. */
  myVote: { reason: string } | null;
  /** A super admin may force the decision. */
  mayForce: boolean;
  /** The Appeal Manager's words in the page's language (site.admin-appeals). */
  texts: BrowserTexts<AdminAppealsKey>;
  /** A refusal's words in the page's language (`refusalWords`: the schemas' messages, the frame, zod's problems). */
  refusalWords: RefusalWords;
}

/**
 * The Appeal Manager's vote: a reason, then Accept or Deny. A vote that decides the appeal goes back to the list;
 * otherwise the page loads again with the vote recorded.
 */
export default function VoteForm({ appealId, myVote, mayForce, texts, refusalWords }: Props) {
  const t = useTexts(texts);
  const hydrated = useHydrated();
  const [reason, setReason] = useState(myVote?.reason ?? '');
  const [force, setForce] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const { busy, run, refuse } = useAction<{ completed: boolean; choice: AppealVoteChoice }>({
    done: ({ completed, choice }) =>
      completed ? t(choice === 'accept' ? 'vote.done.accepted' : 'vote.done.denied') : t('vote.done.recorded'),
    next: ({ completed }) => (completed ? '/staff/admin/appeals' : undefined),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const choice: AppealVoteChoice = submitter?.value === 'deny' ? 'deny' : 'accept';
    if (!reason.trim()) {
      toast(t('vote.giveReason'), 'is-warning');
      reasonField.current?.focus();
      return;
    }
    const body = { vote: choice, reason: reason.trim(), force };
    const refusal = refusalOf(AppealVoteBodySchema, body, {}, 'body', refusalWords);
    if (refusal) return refuse(refusal);
    const path = { id: appealId };
    void run(async () => {
      const { completed } = await answerOf(client.POST('/api/client/appeal/{id}/vote', { params: { path }, body }));
      return { completed, choice };
    });
  };

  const off = !hydrated || busy;
  return (
    <form className="box" id="vote-form" onSubmit={submit}>
      <h2 className="title is-5">{myVote ? t('vote.change') : t('vote.yours')}</h2>
      <Field
        id="vote-reason"
        label={t('vote.reason')}
        help={{
          id: 'vote-reason-help',
          text: t('vote.reasonHelp'),
        }}
      >
        <textarea
          ref={reasonField}
          className="textarea"
          id="vote-reason"
          name="reason"
          required
          maxLength={1000}
          rows={3}
          aria-describedby="vote-reason-help"
          value={reason}
          disabled={off}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      {mayForce && (
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              name="force"
              checked={force}
              disabled={off}
              onChange={(event) => setForce(event.target.checked)}
            />{' '}
            {t('vote.force')}
          </label>
        </div>
      )}
      <div className="buttons">
        <button className="button is-success" type="submit" name="vote" value="accept" disabled={off}>
          {t('vote.accept')}
        </button>
        <button className="button is-danger" type="submit" name="vote" value="deny" disabled={off}>
          {t('vote.deny')}
        </button>
      </div>
    </form>
  );
}
