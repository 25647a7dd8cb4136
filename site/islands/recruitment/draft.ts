import type { Answer, Question } from '../../../plugins/recruitment/schemas.ts';

/** Where this browser keeps a form's draft. */
export const draftKey = (formId: string) => `recruitment-draft:${formId}`;

/** The draft this browser keeps for the form: its answers to questions the form still asks, by question id. */
export function readDraft(formId: string, questions: readonly Question[]): Map<string, Answer> {
  try {
    const saved = localStorage.getItem(draftKey(formId));
    if (!saved) return new Map();
    const draft = JSON.parse(saved) as Record<string, Answer>;
    return new Map(Object.entries(draft).filter(([key]) => questions.some((q) => q.id === key)));
  } catch {
    // A draft that cannot be read is no draft.
    return new Map();
  }
}

/** Keeps the answers as the form's draft. */
export function saveDraft(formId: string, values: ReadonlyMap<string, Answer>): void {
  try {
    localStorage.setItem(draftKey(formId), JSON.stringify(Object.fromEntries(values)));
  } catch {
    // Storage full or refused: the form still works, without a draft.
  }
}
