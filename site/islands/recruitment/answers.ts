import type { Answer, Question } from '../../../plugins/recruitment/schemas.ts';

/**
 * The field's raw value as the page shows it (`undefined` when left empty): what an applicant typed or ticked
 * before the island ran is on screen, not in React's state, until it is read from there.
 */
export function shownValue(form: HTMLFormElement, question: Question, idPrefix: string): Answer | undefined {
  const data = new FormData(form);
  if (question.type === 'short' || question.type === 'paragraph' || question.type === 'number') {
    const text = data.get(question.id);
    return typeof text === 'string' && text !== '' ? text : undefined;
  }
  const picked = data.getAll(`${idPrefix}-${question.id}`).map(String);
  if (question.type === 'multiple') return picked.length > 0 ? picked : undefined;
  if (picked.length === 0) return undefined;
  return question.type === 'yesno' ? picked[0] === 'true' : picked[0];
}

/** What the page sends for a field's raw value: a typed number becomes a number ('' stays empty: no answer). */
export function toAnswer(question: Question, value: Answer | undefined): Answer {
  if (value === undefined) return null;
  if (question.type === 'number' && typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    const n = Number(trimmed);
    return Number.isNaN(n) ? trimmed : n;
  }
  return value;
}
