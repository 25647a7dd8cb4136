import { type SubmitEvent, useState } from 'react';
import { AdjustCoinsBodySchema, MAX_ADJUST_REASON } from '../../../plugins/store/schemas.ts';
import type { ProfileFormsTexts } from '../../i18n/profile-forms/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import { ErrorLine } from '../kit/ErrorLine.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

interface Props {
  userId: string;
  /** Where saving returns. */
  profileHref: string;
  texts: ProfileFormsTexts;
  /** A refusal's words in the page's language (`refusalWords`: the schemas' messages, the frame, zod's problems). */
  refusalWords: RefusalWords;
}

/**
 * The manage screen's Adjust coins: an amount (positive gives, negative takes) and the reason the user reads, checked
 * before the call (a whole number other than 0 and a reason, worded here; then the route's schema, for the most
 * coins), each problem under the form with its control marked.
 */
export default function AdjustCoinsForm({ userId, profileHref, texts, refusalWords }: Props) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { busy, run, problem, fail, refuse } = useAction({
    done: ({ balance }: { balance: number }) => t('coins.adjusted', { balance }),
    next: profileHref,
    inline: true,
  });
  const off = !hydrated || busy;

  const adjust = (event: SubmitEvent) => {
    event.preventDefault();
    const body = { amount: Number(amount), reason: reason.trim() };
    if (!Number.isInteger(body.amount) || body.amount === 0)
      return fail({ message: t('coins.wholeNumber'), field: 'adjust-amount' });
    if (body.reason.length < 3) return fail({ message: t('coins.reasonShort'), field: 'adjust-reason' });
    const refusal = refusalOf(
      AdjustCoinsBodySchema,
      body,
      { amount: 'adjust-amount', reason: 'adjust-reason' },
      'body',
      refusalWords,
    );
    if (refusal) return refuse(refusal);
    void run(() =>
      answerOf(client.POST('/api/client/admin/users/{id}/coins', { params: { path: { id: userId } }, body })),
    );
  };

  return (
    <form id="adjust-coins-form" noValidate onSubmit={adjust}>
      <TextField
        id="adjust-amount"
        name="amount"
        label={t('coins.amount')}
        help={t('coins.amountHelp')}
        type="number"
        step={1}
        inputMode="numeric"
        required
        problem={problem}
        errorId="adjust-error"
        value={amount}
        disabled={off}
        onChange={setAmount}
      />
      <TextField
        id="adjust-reason"
        name="reason"
        label={t('coins.reason')}
        help={t('coins.reasonHelp')}
        rows={2}
        required
        minLength={3}
        maxLength={MAX_ADJUST_REASON}
        problem={problem}
        errorId="adjust-error"
        value={reason}
        disabled={off}
        onChange={setReason}
      />
      <ErrorLine id="adjust-error" problem={problem} data-adjust-error />
      <div className="buttons">
        <SubmitButton className="is-primary" busy={busy} disabled={!hydrated}>
          {t('coins.adjust')}
        </SubmitButton>
      </div>
    </form>
  );
}
