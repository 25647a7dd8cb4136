interface Props {
  index: number;
  count: number;
  qid: (name: string) => string;
  off: boolean;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

/** A question's title and its Move up, Move down and Remove (the last question stays). */
export function QuestionHead({ index, count, qid, off, move, remove }: Props) {
  const which = <span className="is-sr-only"> question {index + 1}</span>;
  return (
    <div className="recruitment-builder-head">
      <h3 className="title is-6 mb-0">Question {index + 1}</h3>
      <div className="buttons mb-0">
        <button
          type="button"
          className="button is-small"
          id={qid('up')}
          disabled={off || index === 0}
          onClick={() => move(index, index - 1)}
        >
          Move up{which}
        </button>
        <button
          type="button"
          className="button is-small"
          id={qid('down')}
          disabled={off || index === count - 1}
          onClick={() => move(index, index + 1)}
        >
          Move down{which}
        </button>
        <button
          type="button"
          className="button is-small is-danger is-light"
          disabled={off || count === 1}
          onClick={() => remove(index)}
        >
          Remove{which}
        </button>
      </div>
    </div>
  );
}
