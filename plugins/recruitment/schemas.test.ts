import { describe, expect, it } from 'vitest';
import { applicationTag } from '../../site/lib/labels.ts';
import { answersSchema, type Question } from './schemas.ts';

const q = (over: Partial<Question> & Pick<Question, 'id' | 'type'>): Question => ({ label: over.id, help: null, required: false, min: null, max: null, options: [], ...over });

describe('answersSchema (the one rule the server and the form page apply)', () => {
  const questions = [
    q({ id: 'name', type: 'short', required: true, max: 5 }),
    q({ id: 'pick', type: 'multiple', options: ['a', 'b', 'c'], min: 2 }),
    q({ id: 'n', type: 'number', min: 1, max: 3 }),
    q({ id: 'ok', type: 'yesno', required: true }),
  ];
  const schema = answersSchema(questions);

  it('accepts good answers and makes missing or empty optional ones null', () => {
    expect(schema.parse({ name: ' Ann ', ok: false })).toEqual({ name: 'Ann', pick: null, n: null, ok: false });
    expect(schema.parse({ name: 'Ann', pick: [], n: 2, ok: true })).toEqual({ name: 'Ann', pick: null, n: 2, ok: true });
  });

  it('refuses with the question id first in the path and a message for people', () => {
    const issues = (answers: object) => schema.safeParse(answers).error?.issues.map((i) => [i.path[0], i.message]);
    expect(issues({ name: '  ', ok: true })).toEqual([['name', 'This question needs an answer.']]);
    expect(issues({ name: 'Ann' })).toEqual([['ok', 'This question needs an answer.']]);
    expect(issues({ name: 'Annabel', ok: true })).toEqual([['name', 'At most 5 characters.']]);
    expect(issues({ name: 'Ann', ok: true, pick: ['a'] })).toEqual([['pick', 'Pick at least 2.']]);
    expect(issues({ name: 'Ann', ok: true, pick: ['a', 'a'] })).toEqual([['pick', 'Each option once.']]);
    expect(issues({ name: 'Ann', ok: true, n: 4 })).toEqual([['n', 'At most 3.']]);
    expect(issues({ name: 'Ann\u0000', ok: true })?.[0]?.[0]).toBe('name');
    expect(schema.safeParse({ name: 'Ann', ok: true, other: 1 }).success).toBe(false);
  });

  it('labels the four statuses as §4 shows them, anything else Unknown', () => {
    expect([0, 1, 2, 3, 9].map((s) => applicationTag(s))).toEqual([
      { label: 'Pending', className: 'vd-state-info' },
      { label: 'On Hold', className: 'vd-state-warning' },
      { label: 'Accepted', className: 'vd-state-success' },
      { label: 'Denied', className: 'vd-state-danger' },
      { label: 'Unknown', className: 'vd-state-unknown' },
    ]);
  });
});
