import { useState } from 'react';
import { QUESTION_ID_RE, type Question } from '../../../plugins/recruitment/schemas.ts';
import type { AdminRecruitmentT } from '../../i18n/admin-recruitment/index.ts';

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

/**
 * The form builder's questions: edited, added, moved (buttons or drag) and removed, each change said to screen
 * readers (`announce`) and the keyboard kept where the question went. `uid` prefixes the questions' control ids.
 */
export function useQuestions(stored: readonly Question[] | undefined, uid: string, t: AdminRecruitmentT) {
  // A question stored before ids were checked may carry one the server now refuses (`toString`): it gets a new id.
  const [questions, setQuestions] = useState<Question[]>(
    () => stored?.map((q) => (QUESTION_ID_RE.test(q.id) ? q : { ...q, id: newQuestionId() })) ?? [blankQuestion()],
  );
  const [announce, setAnnounce] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const focus = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

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
    setAnnounce(t('builder.moved', { position: to + 1, count: questions.length }));
    focus(`${uid}-q-${to}-${to < from ? 'up' : 'down'}`);
  };
  const remove = (index: number) => {
    setQuestions((list) => list.filter((_, i) => i !== index));
    setAnnounce(t('builder.removed'));
  };
  const add = () => {
    setQuestions((list) => [...list, blankQuestion()]);
    setAnnounce(t('builder.added'));
    focus(`${uid}-q-${questions.length}-label`);
  };
  /** Drag and drop: a question dropped on another takes its place. */
  const drag = {
    dragging,
    start: (index: number) => setDragging(index),
    drop: (index: number) => {
      if (dragging !== null) move(dragging, index);
      setDragging(null);
    },
    end: () => setDragging(null),
  };
  return { questions, announce, update, move, remove, add, drag };
}
