import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  CreateReportBodySchema,
  CUSTOMER_CATEGORIES,
  MAX_DETAILS_LENGTH,
  MIN_DETAILS_LENGTH,
} from '../../../plugins/reports/schemas.ts';
import type { ReportOrderT } from '../../i18n/report-order/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import { Field } from '../kit/Field.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useAction } from '../kit/use-action.ts';

type Category = (typeof CUSTOMER_CATEGORIES)[number];

/** What went wrong with an order that may be reported, and the details; Send report files it. */
export function FileReportForm({ orderID, t, words }: { orderID: string; t: ReportOrderT; words: RefusalWords }) {
  const [category, setCategory] = useState<Category>(CUSTOMER_CATEGORIES[0]);
  const [details, setDetails] = useState('');
  const { busy, run, refuse } = useAction({
    done: t('file.sent'),
  });
  // It appears when the check said the order may be reported: the next step, what went wrong, takes the focus.
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const body = { orderID, category, details };
    const refusal = refusalOf(CreateReportBodySchema, body, {}, 'body', words);
    if (refusal) return refuse(refusal);
    void run(() => answerOf(client.POST('/api/client/report/order', { body })));
  };

  return (
    <form className="box report-file" noValidate onSubmit={send}>
      <fieldset className="field">
        <legend className="label">{t('file.legend')}</legend>
        <div className="report-categories">
          {CUSTOMER_CATEGORIES.map((c, i) => (
            <label className="radio" key={c}>
              <input
                type="radio"
                name="category"
                value={c}
                required
                checked={category === c}
                ref={i === 0 ? first : undefined}
                onChange={() => setCategory(c)}
              />{' '}
              {t(`category.${c}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field id="report-details" label={t('file.details')}>
        <textarea
          className="textarea"
          id="report-details"
          name="details"
          rows={5}
          required
          minLength={MIN_DETAILS_LENGTH}
          maxLength={MAX_DETAILS_LENGTH}
          aria-describedby="report-details-help"
          value={details}
          onChange={(event) => setDetails(event.target.value)}
        />
        <p className="help" id="report-details-help">
          {t('file.length', { min: MIN_DETAILS_LENGTH, max: MAX_DETAILS_LENGTH })}{' '}
          <span data-details-count>{t('file.count', { count: details.trim().length, max: MAX_DETAILS_LENGTH })}</span>
        </p>
      </Field>
      <div className="buttons">
        <SubmitButton className="is-primary" busy={busy}>
          {t('file.send')}
        </SubmitButton>
      </div>
    </form>
  );
}
