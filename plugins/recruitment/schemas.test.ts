import { describe, expect, it } from 'vitest';
import { applicationTag } from '../../site/lib/labels.ts';
import { answerErrors, answersSchema, type Question, QuestionInputSchema, TEXT_LIMITS } from './schemas.ts';

const q = (over: Partial<Question> & Pick<Question, 'id' | 'type'>): Question => ({
  label: over.id,
  help: null,
  required: false,
  min: null,
  max: null,
  options: [],
  ...over,
});

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
    expect(schema.parse({ name: 'Ann', pick: [], n: 2, ok: true })).toEqual({
      name: 'Ann',
      pick: null,
      n: 2,
      ok: true,
    });
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

  it('reads answers as own properties only: questions named like Object.prototype members are asked like any other', () => {
    const odd = answersSchema([
      q({ id: '__proto__', type: 'short', required: true }),
      q({ id: 'toString', type: 'short' }),
      q({ id: 'constructor', type: 'number' }),
    ]);
    const issues = (answers: object) => odd.safeParse(answers).error?.issues.map((i) => [i.path[0], i.message]);
    expect(issues({})).toEqual([['__proto__', 'This question needs an answer.']]);
    expect(Object.entries(odd.parse(JSON.parse('{"__proto__":"Ann"}')))).toEqual([
      ['__proto__', 'Ann'],
      ['toString', null],
      ['constructor', null],
    ]);
    expect(Object.entries(odd.parse(JSON.parse('{"__proto__":"Ann","toString":"hi","constructor":3}')))).toEqual([
      ['__proto__', 'Ann'],
      ['toString', 'hi'],
      ['constructor', 3],
    ]);
    expect(odd.safeParse(JSON.parse('{"__proto__":"Ann","hasOwnProperty":"x"}')).success).toBe(false);
    expect(odd.safeParse([]).success).toBe(false);
  });

  it('gives each question its first error, by id, for the form page', () => {
    const odd = [q({ id: 'toString', type: 'short' }), q({ id: 'valueOf', type: 'short', required: true })];
    expect([...answerErrors(odd, {})]).toEqual([['valueOf', 'This question needs an answer.']]);
    expect([...answerErrors(odd, { toString: '', valueOf: 'yes' })]).toEqual([]);
  });

  it('refuses question ids every object already has, and limits above what the type takes', () => {
    const issue = (question: object) =>
      QuestionInputSchema.safeParse({ label: 'Q', ...question }).error?.issues.map((i) => i.path.join('.'));
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'isPrototypeOf', 'valueOf'])
      expect(issue({ id, type: 'short' }), id).toEqual(['id']);
    expect(issue({ id: 'proto', type: 'short' })).toBeUndefined();
    expect(issue({ type: 'short', max: TEXT_LIMITS.short + 1 })).toEqual(['max']);
    expect(issue({ type: 'short', max: TEXT_LIMITS.short })).toBeUndefined();
    expect(issue({ type: 'paragraph', min: TEXT_LIMITS.paragraph + 1 })).toEqual(['min']);
    expect(issue({ type: 'multiple', options: ['a', 'b'], max: 3 })).toEqual(['max']);
    expect(issue({ type: 'multiple', options: ['a', 'b'], min: 3 })).toEqual(['min']);
    expect(issue({ type: 'multiple', options: ['a', 'b'], min: 2, max: 2 })).toBeUndefined();
  });

  it('tags the four statuses in the tones §4 shows them in, anything else Unknown', () => {
    expect([0, 1, 2, 3, 9].map((s) => applicationTag(s).className)).toEqual([
      'vd-state-info',
      'vd-state-warning',
      'vd-state-success',
      'vd-state-danger',
      'vd-state-unknown',
    ]);
  });
});
