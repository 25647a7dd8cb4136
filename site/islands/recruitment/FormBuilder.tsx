import { useEffect, useId, useState } from 'react';
import {
  type Answer,
  type FormView,
  QUESTION_ID_RE,
  QUESTION_TYPES,
  type Question,
  type QuestionType,
  type Requirements,
  TEXT_LIMITS,
} from '../../../plugins/recruitment/schemas.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { QUESTION_TYPE_LABELS } from '../../lib/labels.ts';
import { toast, toastOnNextPage } from '../../lib/toast.ts';
import { QuestionField } from './QuestionField.tsx';

interface RankChoice {
  id: string;
  name: string;
  /** Whether the editor may hand it out (the server's mayGrant rule). */
  grantable: boolean;
}

interface Props {
  form: FormView | null;
  ranks: RankChoice[];
}

const newQuestionId = () => `q${crypto.randomUUID().replaceAll('-', '').slice(0, 8)}`;
const blankQuestion = (): Question => ({
  id: newQuestionId(),
  type: 'short',
  label: '',
  help: null,
  required: true,
  min: null,
  max: null,
  options: [],
});

/** `2026-11-25T12:00:00.000Z` → the value a datetime-local input shows (the browser's time zone), and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const fromLocalInput = (value: string): string | null => (value ? new Date(value).toISOString() : null);
const limitOf = (value: string): number | null => (value.trim() === '' ? null : Math.trunc(Number(value)));

/** The form builder: fields, requirements, and the questions added, edited, moved (buttons or drag) and removed, with a preview. */
export default function FormBuilder({ form, ranks }: Props) {
  const uid = useId();
  const [title, setTitle] = useState(form?.title ?? '');
  const [description, setDescription] = useState(form?.description ?? '');
  const [rank, setRank] = useState(form?.rank ?? '');
  const [manageable, setManageable] = useState<string[]>(form?.manageableRanks ?? []);
  const [open, setOpen] = useState(form?.open ?? false);
  // The browser's time zone: filled in after hydration (the server would render its own zone's time).
  const [opensAt, setOpensAt] = useState('');
  const [closesAt, setClosesAt] = useState('');
  useEffect(() => {
    setOpensAt(toLocalInput(form?.opensAt ?? null));
    setClosesAt(toLocalInput(form?.closesAt ?? null));
  }, [form]);
  const [requirements, setRequirements] = useState<Requirements>(
    form?.requirements ?? { minAccountAgeDays: 0, notStaff: false, oneAtATime: false, reapplyCooldownDays: 0 },
  );
  // A question stored before ids were checked may carry one the server now refuses (`toString`): it gets a new id.
  const [questions, setQuestions] = useState<Question[]>(
    () =>
      form?.questions.map((q) => (QUESTION_ID_RE.test(q.id) ? q : { ...q, id: newQuestionId() })) ?? [blankQuestion()],
  );
  const [preview, setPreview] = useState(false);
  const [previewValues, setPreviewValues] = useState<ReadonlyMap<string, Answer>>(new Map());
  const [dragging, setDragging] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [announce, setAnnounce] = useState('');

  const update = (index: number, change: Partial<Question>) =>
    setQuestions((list) => list.map((q, i) => (i === index ? { ...q, ...change } : q)));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= questions.length || from === to) return;
    setQuestions((list) => {
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
    setAnnounce(`Question moved to position ${to + 1} of ${questions.length}.`);
    // Keep the keyboard where the question went.
    requestAnimationFrame(() => document.getElementById(`${uid}-q-${to}-${to < from ? 'up' : 'down'}`)?.focus());
  };
  const remove = (index: number) => {
    setQuestions((list) => list.filter((_, i) => i !== index));
    setAnnounce('Question removed.');
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const body = {
      title,
      description,
      rank: rank || null,
      manageableRanks: manageable,
      open,
      opensAt: fromLocalInput(opensAt),
      closesAt: fromLocalInput(closesAt),
      requirements,
      questions: questions.map((q) => ({
        ...q,
        help: q.help?.trim() ? q.help : null,
        options: q.type === 'single' || q.type === 'multiple' ? q.options : [],
        ...(q.type === 'single' || q.type === 'yesno' ? { min: null, max: null } : {}),
      })),
    };
    try {
      await withMinimumDisplay(
        answerOf(
          form
            ? client.PATCH('/api/client/recruitment/forms/{id}', { params: { path: { id: form.id } }, body })
            : client.POST('/api/client/recruitment/forms', { body }),
        ),
      );
      toastOnNextPage(form ? 'Form saved.' : 'Form created.', 'is-success');
      location.assign('/staff/admin/recruitment');
    } catch (error) {
      toast(errorMessage(error), 'is-danger', 8000);
      setSaving(false);
    }
  };

  const destroy = async () => {
    if (!form || !confirm(`Delete the form "${form.title}"? Its applications stay readable by their applicants.`))
      return;
    try {
      await answerOf(client.DELETE('/api/client/recruitment/forms/{id}', { params: { path: { id: form.id } } }));
      toastOnNextPage('Form deleted.', 'is-success');
      location.assign('/staff/admin/recruitment');
    } catch (error) {
      toast(errorMessage(error), 'is-danger');
    }
  };

  const id = (name: string) => `${uid}-${name}`;
  const numberInput = (label: string, value: number, set: (n: number) => void, name: string, max: number) => (
    <div className="field">
      <label className="label" htmlFor={id(name)}>
        {label}
      </label>
      <input
        className="input"
        id={id(name)}
        type="number"
        min={0}
        max={max}
        value={value}
        onChange={(e) => set(Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
      />
    </div>
  );

  return (
    <form className="recruitment-builder" onSubmit={save}>
      <div className="box">
        <div className="field">
          <label className="label" htmlFor={id('title')}>
            Title
          </label>
          <input
            className="input"
            id={id('title')}
            required
            maxLength={100}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="label" htmlFor={id('description')}>
            Description
          </label>
          <textarea
            className="textarea"
            id={id('description')}
            rows={4}
            maxLength={4000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-describedby={id('description-help')}
          />
          <p className="help" id={id('description-help')}>
            Markdown: **bold**, *italic*, links and lists.
          </p>
        </div>
        <div className="field">
          <label className="label" htmlFor={id('rank')}>
            Rank an accepted applicant receives
          </label>
          <div className="select is-fullwidth">
            <select id={id('rank')} value={rank} onChange={(e) => setRank(e.target.value)}>
              <option value="">No rank</option>
              {ranks
                .filter((r) => r.grantable || r.id === rank)
                .map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
            </select>
          </div>
        </div>
        <fieldset className="field">
          <legend className="label">Ranks that may review its applications</legend>
          <div className="recruitment-choices">
            {ranks.map((r) => (
              <label className="checkbox" key={r.id}>
                <input
                  type="checkbox"
                  checked={manageable.includes(r.id)}
                  onChange={(e) =>
                    setManageable((list) => (e.target.checked ? [...list, r.id] : list.filter((x) => x !== r.id)))
                  }
                />{' '}
                {r.name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" checked={open} onChange={(e) => setOpen(e.target.checked)} /> Open: takes
            applications (within the times below)
          </label>
        </div>
        <div className="columns">
          <div className="column field">
            <label className="label" htmlFor={id('opens')}>
              Opens at (optional)
            </label>
            <input
              className="input"
              id={id('opens')}
              type="datetime-local"
              value={opensAt}
              onChange={(e) => setOpensAt(e.target.value)}
            />
          </div>
          <div className="column field">
            <label className="label" htmlFor={id('closes')}>
              Closes at (optional)
            </label>
            <input
              className="input"
              id={id('closes')}
              type="datetime-local"
              value={closesAt}
              onChange={(e) => setClosesAt(e.target.value)}
            />
          </div>
        </div>
        <fieldset className="field">
          <legend className="label">Requirements</legend>
          <div className="columns">
            <div className="column">
              {numberInput(
                'Minimum Discord account age (days)',
                requirements.minAccountAgeDays,
                (n) => setRequirements((r) => ({ ...r, minAccountAgeDays: n })),
                'age',
                3650,
              )}
            </div>
            <div className="column">
              {numberInput(
                'Days before re-applying after a denial',
                requirements.reapplyCooldownDays,
                (n) => setRequirements((r) => ({ ...r, reapplyCooldownDays: n })),
                'cooldown',
                365,
              )}
            </div>
          </div>
          <div className="recruitment-choices">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={requirements.notStaff}
                onChange={(e) => setRequirements((r) => ({ ...r, notStaff: e.target.checked }))}
              />{' '}
              Applicants must not be staff already
            </label>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={requirements.oneAtATime}
                onChange={(e) => setRequirements((r) => ({ ...r, oneAtATime: e.target.checked }))}
              />{' '}
              One open application at a time (to any form)
            </label>
          </div>
        </fieldset>
      </div>

      <h2 className="title is-4">Questions</h2>
      <p className="is-sr-only" role="status" aria-live="polite">
        {announce}
      </p>
      <ol className="recruitment-builder-list">
        {questions.map((q, index) => {
          const qid = (name: string) => `${uid}-q-${index}-${name}`;
          const choice = q.type === 'single' || q.type === 'multiple';
          const limited = q.type === 'short' || q.type === 'paragraph' || q.type === 'number' || q.type === 'multiple';
          const limitWord = q.type === 'number' ? 'value' : q.type === 'multiple' ? 'picked' : 'characters';
          // The server refuses a limit above what the type takes (schemas.ts): the inputs say so first.
          const most =
            q.type === 'short' || q.type === 'paragraph'
              ? TEXT_LIMITS[q.type]
              : q.type === 'multiple'
                ? q.options.filter(Boolean).length
                : undefined;
          return (
            <li
              key={q.id}
              className={`box recruitment-builder-question${dragging === index ? ' is-dragging' : ''}`}
              draggable
              onDragStart={(e) => {
                setDragging(index);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) move(dragging, index);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
            >
              <div className="recruitment-builder-head">
                <h3 className="title is-6 mb-0">Question {index + 1}</h3>
                <div className="buttons mb-0">
                  <button
                    type="button"
                    className="button is-small"
                    id={qid('up')}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    Move up<span className="is-sr-only"> question {index + 1}</span>
                  </button>
                  <button
                    type="button"
                    className="button is-small"
                    id={qid('down')}
                    disabled={index === questions.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    Move down<span className="is-sr-only"> question {index + 1}</span>
                  </button>
                  <button
                    type="button"
                    className="button is-small is-danger is-light"
                    disabled={questions.length === 1}
                    onClick={() => remove(index)}
                  >
                    Remove<span className="is-sr-only"> question {index + 1}</span>
                  </button>
                </div>
              </div>
              <div className="columns mt-2">
                <div className="column is-8 field">
                  <label className="label" htmlFor={qid('label')}>
                    Question
                  </label>
                  <input
                    className="input"
                    id={qid('label')}
                    required
                    maxLength={200}
                    value={q.label}
                    onChange={(e) => update(index, { label: e.target.value })}
                  />
                </div>
                <div className="column is-4 field">
                  <label className="label" htmlFor={qid('type')}>
                    Type
                  </label>
                  <div className="select is-fullwidth">
                    <select
                      id={qid('type')}
                      value={q.type}
                      onChange={(e) =>
                        update(index, {
                          type: e.target.value as QuestionType,
                          min: null,
                          max: null,
                          options:
                            e.target.value === 'single' || e.target.value === 'multiple'
                              ? q.options.length
                                ? q.options
                                : ['', '']
                              : [],
                        })
                      }
                    >
                      {QUESTION_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {QUESTION_TYPE_LABELS[type]}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
              </div>
              <div className="field">
                <label className="label" htmlFor={qid('help')}>
                  Help text (optional)
                </label>
                <input
                  className="input"
                  id={qid('help')}
                  maxLength={500}
                  value={q.help ?? ''}
                  onChange={(e) => update(index, { help: e.target.value })}
                />
              </div>
              {choice && (
                <div className="field">
                  <label className="label" htmlFor={qid('options')}>
                    Options, one per line
                  </label>
                  <textarea
                    className="textarea"
                    id={qid('options')}
                    rows={3}
                    value={q.options.join('\n')}
                    onChange={(e) => update(index, { options: e.target.value.split('\n') })}
                    onBlur={() => update(index, { options: q.options.map((o) => o.trim()).filter(Boolean) })}
                  />
                </div>
              )}
              <div className="columns">
                <div className="column field">
                  <label className="checkbox mt-5">
                    <input
                      type="checkbox"
                      checked={q.required}
                      onChange={(e) => update(index, { required: e.target.checked })}
                    />{' '}
                    Required
                  </label>
                </div>
                {limited && (
                  <>
                    <div className="column field">
                      <label className="label" htmlFor={qid('min')}>
                        Minimum ({limitWord})
                      </label>
                      <input
                        className="input"
                        id={qid('min')}
                        type="number"
                        min={0}
                        max={most}
                        value={q.min ?? ''}
                        onChange={(e) => update(index, { min: limitOf(e.target.value) })}
                      />
                    </div>
                    <div className="column field">
                      <label className="label" htmlFor={qid('max')}>
                        Maximum ({limitWord})
                      </label>
                      <input
                        className="input"
                        id={qid('max')}
                        type="number"
                        min={0}
                        max={most}
                        value={q.max ?? ''}
                        onChange={(e) => update(index, { max: limitOf(e.target.value) })}
                      />
                    </div>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <div className="buttons">
        <button
          type="button"
          className="button"
          onClick={() => {
            setQuestions((list) => [...list, blankQuestion()]);
            setAnnounce('Question added at the end.');
            requestAnimationFrame(() => document.getElementById(`${uid}-q-${questions.length}-label`)?.focus());
          }}
        >
          Add question
        </button>
        <button
          type="button"
          className="button"
          aria-expanded={preview}
          aria-controls={id('preview')}
          onClick={() => setPreview((p) => !p)}
        >
          {preview ? 'Hide preview' : 'Preview'}
        </button>
      </div>
      <div id={id('preview')} hidden={!preview}>
        {preview && (
          <section className="box recruitment-preview" aria-label="Preview as the applicant sees it">
            <h2 className="title is-5">{title || 'Untitled form'}</h2>
            {questions.map((q) => (
              <QuestionField
                key={q.id}
                idPrefix={`${uid}-preview`}
                question={{ ...q, label: q.label || 'Untitled question', options: q.options.filter(Boolean) }}
                value={previewValues.get(q.id)}
                error={null}
                onChange={(value) => setPreviewValues((v) => new Map(v).set(q.id, value))}
              />
            ))}
          </section>
        )}
      </div>
      <div className="buttons mt-4">
        <button type="submit" className={`button is-primary${saving ? ' is-loading' : ''}`} disabled={saving}>
          {form ? 'Save form' : 'Create form'}
        </button>
        {form && (
          <button type="button" className="button is-danger is-light" onClick={destroy}>
            Delete form
          </button>
        )}
      </div>
    </form>
  );
}
