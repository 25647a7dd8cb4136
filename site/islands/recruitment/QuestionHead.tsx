import type { AdminRecruitmentT } from '../../i18n/admin-recruitment/index.ts';

interface Props {
  index: number;
  count: number;
  qid: (name: string) => string;
  off: boolean;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
  t: AdminRecruitmentT;
}

/** A question's title and its Move up, Move down and Remove (the last question stays). */
export function QuestionHead({ index, count, qid, off, move, remove, t }: Props) {
  const which = <span className="is-sr-only"> {t('question.which', { number: index + 1 })}</span>;
  return (
    <div className="recruitment-builder-head">
      <h3 className="title is-6 mb-0">{t('question.title', { number: index + 1 })}</h3>
      <div className="buttons mb-0">
        <button
          type="button"
          className="button is-small"
          id={qid('up')}
          disabled={off || index === 0}
          onClick={() => move(index, index - 1)}
        >
          {t('question.up')}
          {which}
        </button>
        <button
          type="button"
          className="button is-small"
          id={qid('down')}
          disabled={off || index === count - 1}
          onClick={() => move(index, index + 1)}
        >
          {t('question.down')}
          {which}
        </button>
        <button
          type="button"
          className="button is-small is-danger is-light"
          disabled={off || count === 1}
          onClick={() => remove(index)}
        >
          {t('question.remove')}
          {which}
        </button>
      </div>
    </div>
  );
}
