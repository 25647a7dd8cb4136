import { describe, expect, it } from 'vitest';
import { schemaWordingFrom } from '../../core/i18n/catalogue.ts';
import { declaredSchemaMessages, type SchemaWording, withSchemaWording } from '../../core/shared/schema-words.ts';
import { applicationTag } from '../../site/lib/labels.ts';
import { schemaWordingOf } from '../../site/lib/refusal.ts';
import { refusalWords } from '../../site/lib/refusal-words.ts';
import { plugins } from '../index.ts';
import { recruitmentCatalogue } from './i18n/index.ts';
import {
  type Answers,
  answerErrors,
  answersSchema,
  type Question,
  QuestionInputSchema,
  TEXT_LIMITS,
} from './schemas.ts';

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

describe("an answer's problems in the reader's language", () => {
  const questions = [
    q({ id: 'name', type: 'short', required: true, min: 3, max: 5 }),
    q({ id: 'story', type: 'paragraph' }),
    q({ id: 'shift', type: 'single', options: ['day', 'night'] }),
    q({ id: 'pick', type: 'multiple', options: ['a', 'b', 'c'], min: 2, max: 2 }),
    q({ id: 'n', type: 'number', min: 1, max: 1000 }),
    q({ id: 'ok', type: 'yesno' }),
  ];
  const good = { name: 'Ann', ok: true };
  /** The messages of a parse worded by `wording` (undefined: none set, English). */
  const problemIn = (wording: SchemaWording | undefined, answers: unknown) =>
    withSchemaWording(wording, () =>
      answersSchema(questions)
        .safeParse(answers)
        .error?.issues.map((i) => i.message),
    );
  /** The server's wording: the recruitment catalogue's texts, as FormatJS writes them. */
  const server = schemaWordingFrom([recruitmentCatalogue]);
  const cases: [string, unknown, string, string][] = [
    ['empty', { ...good, name: ' ' }, 'This question needs an answer.', 'Cette question attend une réponse.'],
    ['too short', { ...good, name: 'Al' }, 'At least 3 characters.', 'Au moins 3 caractères.'],
    ['too long', { ...good, name: 'Annabel' }, 'At most 5 characters.', 'Au plus 5 caractères.'],
    [
      "a paragraph's own limit",
      { ...good, story: 'x'.repeat(TEXT_LIMITS.paragraph + 1) },
      'At most 4000 characters.',
      'Au plus 4\u202f000 caractères.',
    ],
    ['not an option', { ...good, shift: 'noon' }, 'Pick one of the options.', 'Choisissez l’une des options.'],
    ['not among', { ...good, pick: ['a', 'z'] }, 'Pick among the options.', 'Choisissez parmi les options.'],
    ['twice', { ...good, pick: ['a', 'a'] }, 'Each option once.', 'Chaque option une seule fois.'],
    ['too few', { ...good, pick: ['a'] }, 'Pick at least 2.', 'Choisissez-en au moins 2.'],
    ['too many', { ...good, pick: ['a', 'b', 'c'] }, 'Pick at most 2.', 'Choisissez-en au plus 2.'],
    ['not a number', { ...good, n: 'two' }, 'Enter a number.', 'Saisissez un nombre.'],
    ['too small', { ...good, n: 0 }, 'At least 1.', 'Au moins 1.'],
    ['too big', { ...good, n: 1001 }, 'At most 1000.', 'Au plus 1\u202f000.'],
    ['neither yes nor no', { ...good, ok: 'maybe' }, 'Answer yes or no.', 'Répondez par oui ou par non.'],
    ['not an object', ['Ann'], 'Send the answers as an object.', 'Envoyez les réponses sous forme d’objet.'],
    [
      'unasked',
      { ...good, age: 3 },
      'An answer to a question this form does not ask.',
      'Une réponse à une question que ce formulaire ne pose pas.',
    ],
  ];

  it.each(cases)('%s: English with no wording set, French with the French wording', (_, answers, english, french) => {
    expect(problemIn(undefined, answers)).toEqual([english]);
    expect(problemIn(server('fr'), answers)).toEqual([french]);
  });

  it("says every problem of the catalogue (`schema.answer.*`), its English the catalogue's character for character", () => {
    const asked = new Set<string>();
    const spy: SchemaWording = (owner, key) => {
      asked.add(`${owner} ${key}`);
      return undefined;
    };
    for (const [, answers] of cases) {
      expect(problemIn(server('en'), answers)).toEqual(problemIn(undefined, answers));
      problemIn(spy, answers);
    }
    const keys = Object.keys(recruitmentCatalogue.messages.en).filter((key) => key.startsWith('schema.answer.'));
    expect(keys.length).toBeGreaterThan(10);
    expect([...asked].sort()).toEqual(keys.map((key) => `recruitment ${key}`).sort());
  });

  it('declares nothing per form: schemas made for new limits leave the declared messages as they were', () => {
    const before = declaredSchemaMessages().length;
    for (let limit = 1; limit <= 50; limit++) {
      const schema = answersSchema([
        q({ id: 'n', type: 'number', min: limit, max: limit }),
        q({ id: 'name', type: 'short', min: limit + 1, max: limit + 1 }),
      ]);
      expect(schema.safeParse({ n: 0, name: 'x' }).error?.issues.map((i) => i.message)).toEqual([
        `At least ${limit}.`,
        `At least ${limit + 1} characters.`,
      ]);
    }
    expect(declaredSchemaMessages().length).toBe(before);
  });

  it('the form page, worded by the words its page hands the island (`refusalWords`), says what the server says', () => {
    const words = refusalWords({ locale: 'fr', plugins }, ['recruitment']);
    for (const [, answers] of cases.filter(([, answers]) => !Array.isArray(answers) && !('age' in (answers as object))))
      expect(
        withSchemaWording(schemaWordingOf(words), () => [...answerErrors(questions, answers as Answers).values()]),
      ).toEqual(problemIn(server('fr'), answers));
  });
});
