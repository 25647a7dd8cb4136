import { type FormEvent, useState } from 'react';
import {
  addDays,
  LeaveRequestBodySchema,
  MAX_DAYS_AHEAD,
  MAX_REASON_LENGTH,
  MIN_REASON_LENGTH,
} from '../../../plugins/onleave/schemas.ts';
import type { LeaveTextKey } from '../../i18n/leave/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { Field } from '../kit/Field.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

interface Props {
  /** Today (UTC): the first day a request may start. */
  today: string;
  /** The member it is for (Create leave); absent: oneself. */
  userId?: string;
  /** Where to go after a success (else the page loads again). */
  next?: string;
  submitLabel: string;
  /** The leave catalogue in the page's language. */
  texts: BrowserTexts<LeaveTextKey>;
  /** A refusal's words in the page's language (`refusalWords`: the schemas' messages, the frame, zod's problems). */
  refusalWords: RefusalWords;
}

/**
 * The days and reason of a leave request: Take a Vacation (the member's own) and Create leave (for someone). The
 * browser checks the days and the reason's length as typed; then the route's own schema (a reason of spaces, the
 * last day before the first), so its refusal is the server's message, toasted, without a call.
 */
export default function LeaveForm({ today, userId, next, submitLabel, texts, refusalWords }: Props) {
  const t = useTexts(texts);
  const hydrated = useHydrated();
  const [from, setFrom] = useState(today);
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const { busy, run, refuse } = useAction({
    done: next ? t('form.created') : t('form.requested'),
    next,
  });
  const last = addDays(today, MAX_DAYS_AHEAD);

  // The last day cannot be before the first: the picker offers no earlier day.
  const chooseFrom = (day: string) => {
    setFrom(day);
    if (day && until && until < day) setUntil(day);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { request: { from, until, reason } };
    const refusal = refusalOf(LeaveRequestBodySchema, body, {}, 'body', refusalWords);
    if (refusal) return refuse(refusal);
    void run(() =>
      answerOf(
        userId
          ? client.POST('/api/client/onleave/requests/{userId}', { params: { path: { userId } }, body })
          : client.POST('/api/client/onleave/requests', { body }),
      ),
    );
  };

  const off = !hydrated || busy;
  return (
    <form className="box leave-form" onSubmit={submit}>
      <div className="leave-form-days">
        <Field id="leave-from" label={t('form.from')}>
          <input
            className="input"
            id="leave-from"
            name="from"
            type="date"
            required
            min={today}
            max={last}
            value={from}
            disabled={off}
            onChange={(event) => chooseFrom(event.target.value)}
          />
        </Field>
        <Field id="leave-until" label={t('form.until')}>
          <input
            className="input"
            id="leave-until"
            name="until"
            type="date"
            required
            min={from || today}
            max={last}
            value={until}
            disabled={off}
            aria-describedby="leave-days-help"
            onChange={(event) => setUntil(event.target.value)}
          />
        </Field>
      </div>
      <p className="help leave-form-help" id="leave-days-help">
        {t('form.help', { days: MAX_DAYS_AHEAD })}
      </p>
      <Field id="leave-reason" label={t('form.reason')}>
        <textarea
          className="textarea"
          id="leave-reason"
          name="reason"
          required
          minLength={MIN_REASON_LENGTH}
          maxLength={MAX_REASON_LENGTH}
          rows={3}
          value={reason}
          disabled={off}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      <div className="buttons">
        <SubmitButton className="is-primary" busy={busy} disabled={!hydrated}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
