import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  CATEGORY_LABELS,
  CreateReportBodySchema,
  CUSTOMER_CATEGORIES,
  MAX_DETAILS_LENGTH,
  MIN_DETAILS_LENGTH,
} from '../../../plugins/reports/schemas.ts';
import { answerOf, client } from '../../lib/client.ts';
import { refusalOf } from '../../lib/refusal.ts';
import { Field } from '../kit/Field.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useAction } from '../kit/use-action.ts';

type Category = (typeof CUSTOMER_CATEGORIES)[number];
const count = (n: number) => n.toLocaleString('en-GB');

/** What went wrong with an order that may be reported, and the details; Send report files it. */
export function FileReportForm({ orderID }: { orderID: string }) {
  const [category, setCategory] = useState<Category>(CUSTOMER_CATEGORIES[0]);
  const [details, setDetails] = useState('');
  const { busy, run, refuse } = useAction({
    done: 'Thank you: your report was sent. You will be told what was done.',
  });
  // It appears when the check said the order may be reported: the next step, what went wrong, takes the focus.
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const body = { orderID, category, details };
    const refusal = refusalOf(CreateReportBodySchema, body);
    if (refusal) return refuse(refusal);
    void run(() => answerOf(client.POST('/api/client/report/order', { body })));
  };

  return (
    <form className="box report-file" noValidate onSubmit={send}>
      <fieldset className="field">
        <legend className="label">What went wrong?</legend>
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
              {CATEGORY_LABELS[c]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field id="report-details" label="Details">
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
          {MIN_DETAILS_LENGTH}–{count(MAX_DETAILS_LENGTH)} characters.{' '}
          <span data-details-count>
            {count(details.trim().length)} / {count(MAX_DETAILS_LENGTH)}
          </span>
        </p>
      </Field>
      <div className="buttons">
        <SubmitButton className="is-primary" busy={busy}>
          Send report
        </SubmitButton>
      </div>
    </form>
  );
}
