import { QUESTION_TYPES, type Question, type QuestionType } from '../../../plugins/recruitment/schemas.ts';
import type { AdminRecruitmentT } from '../../i18n/admin-recruitment/index.ts';
import { Field } from '../kit/Field.tsx';
import { Select } from '../kit/Select.tsx';
import { QuestionHead } from './QuestionHead.tsx';
import { QuestionLimits } from './QuestionLimits.tsx';
import type { useQuestions } from './use-questions.ts';

interface Props {
  question: Question;
  index: number;
  /** The questions' list and what can be done to it. */
  list: ReturnType<typeof useQuestions>;
  /** The id of one of this question's controls (`${uid}-q-${index}-${name}`). */
  qid: (name: string) => string;
  off: boolean;
  t: AdminRecruitmentT;
}

/** A question changes type: its limits go, and a choice starts with two empty options. */
function typeChange(question: Question, type: QuestionType): Partial<Question> {
  const choice = type === 'single' || type === 'multiple';
  return { type, min: null, max: null, options: choice ? (question.options.length ? question.options : ['', '']) : [] };
}

/** One question of the builder: its place (move, remove, drag), its words, its type, its options and limits. */
export function QuestionEditor({ question: q, index, list, qid, off, t }: Props) {
  const update = (change: Partial<Question>) => list.update(index, change);
  const choice = q.type === 'single' || q.type === 'multiple';
  return (
    <li
      className={
        list.drag.dragging === index
          ? 'box recruitment-builder-question is-dragging'
          : 'box recruitment-builder-question'
      }
      draggable={!off}
      onDragStart={(e) => {
        list.drag.start(index);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        list.drag.drop(index);
      }}
      onDragEnd={list.drag.end}
    >
      <QuestionHead
        index={index}
        count={list.questions.length}
        qid={qid}
        off={off}
        move={list.move}
        remove={list.remove}
        t={t}
      />
      <div className="columns mt-2">
        <div className="column is-8">
          <Field id={qid('label')} label={t('question.label')}>
            <input
              className="input"
              id={qid('label')}
              required
              maxLength={200}
              value={q.label}
              disabled={off}
              onChange={(e) => update({ label: e.target.value })}
            />
          </Field>
        </div>
        <div className="column is-4">
          <Field id={qid('type')} label={t('question.type')}>
            <Select
              id={qid('type')}
              value={q.type}
              disabled={off}
              onChange={(e) => update(typeChange(q, e.target.value as QuestionType))}
            >
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`type.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </div>
      <Field id={qid('help')} label={t('question.help')}>
        <input
          className="input"
          id={qid('help')}
          maxLength={500}
          value={q.help ?? ''}
          disabled={off}
          onChange={(e) => update({ help: e.target.value })}
        />
      </Field>
      {choice && (
        <Field id={qid('options')} label={t('question.options')}>
          <textarea
            className="textarea"
            id={qid('options')}
            rows={3}
            value={q.options.join('\n')}
            disabled={off}
            onChange={(e) => update({ options: e.target.value.split('\n') })}
            onBlur={() => update({ options: q.options.map((o) => o.trim()).filter(Boolean) })}
          />
        </Field>
      )}
      <QuestionLimits question={q} update={update} qid={qid} off={off} t={t} />
    </li>
  );
}
