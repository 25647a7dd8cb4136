import { type Question, TEXT_LIMITS } from '../../../plugins/recruitment/schemas.ts';
import type { AdminRecruitmentT } from '../../i18n/admin-recruitment/index.ts';
import { Field } from '../kit/Field.tsx';

interface Props {
  question: Question;
  update: (change: Partial<Question>) => void;
  qid: (name: string) => string;
  off: boolean;
  t: AdminRecruitmentT;
}

const limitOf = (value: string): number | null => (value.trim() === '' ? null : Math.trunc(Number(value)));

/** Required, and the limits a question's type takes: characters, a number's value, or how many are picked. */
export function QuestionLimits({ question: q, update, qid, off, t }: Props) {
  const limited = q.type === 'short' || q.type === 'paragraph' || q.type === 'number' || q.type === 'multiple';
  const unit = q.type === 'number' ? 'value' : q.type === 'multiple' ? 'picked' : 'characters';
  // The server refuses a limit above what the type takes (schemas.ts): the inputs say so first.
  const most =
    q.type === 'short' || q.type === 'paragraph'
      ? TEXT_LIMITS[q.type]
      : q.type === 'multiple'
        ? q.options.filter(Boolean).length
        : undefined;
  const limit = (bound: 'min' | 'max') => (
    <div className="column">
      <Field id={qid(bound)} label={t(`question.${bound}`, { unit })}>
        <input
          className="input"
          id={qid(bound)}
          type="number"
          min={0}
          max={most}
          value={q[bound] ?? ''}
          disabled={off}
          onChange={(e) => update({ [bound]: limitOf(e.target.value) })}
        />
      </Field>
    </div>
  );
  return (
    <div className="columns">
      <div className="column field">
        <label className="checkbox mt-5">
          <input
            type="checkbox"
            checked={q.required}
            disabled={off}
            onChange={(e) => update({ required: e.target.checked })}
          />{' '}
          {t('question.required')}
        </label>
      </div>
      {limited && (
        <>
          {limit('min')}
          {limit('max')}
        </>
      )}
    </div>
  );
}
