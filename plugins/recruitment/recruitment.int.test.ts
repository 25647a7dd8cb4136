import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditEntrySchema } from '../../core/audit/entities.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { createRank, giveRanks } from '../../tests/support/ranks.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { ApplicationHistorySchema, ApplicationSchema, RecruitmentFormSchema } from './entities.ts';
import type { RecruitmentPlugin } from './index.ts';
import { reviewsBetweenIn } from './reviews.ts';
import { type ApplicationView, DEFAULT_REQUIREMENTS, type FormView } from './schemas.ts';

const STAFF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];
const MANAGER: Permission[] = [...STAFF, 'VIEW_RECRUITMENT_RESPONSE', 'RECRUITMENT_MANAGER'];
const DAY = 24 * 60 * 60 * 1000;

const QUESTIONS = [
  { id: 'name', type: 'short', label: 'Your name', required: true, min: 2, max: 20 },
  { id: 'why', type: 'paragraph', label: 'Why do you want to cook?', required: true, min: 10 },
  { id: 'shift', type: 'single', label: 'Shift', required: true, options: ['Day', 'Night'] },
  { id: 'dishes', type: 'multiple', label: 'Dishes', required: false, options: ['Burgers', 'Pizza', 'Fries'], max: 2 },
  { id: 'hours', type: 'number', label: 'Hours a week', required: true, min: 1, max: 40 },
  { id: 'before', type: 'yesno', label: 'Cooked before?', required: false },
];
const GOOD = {
  name: 'Casey',
  why: 'I love cooking for people.',
  shift: 'Day',
  dishes: ['Pizza'],
  hours: 5,
  before: true,
};

describe('recruitment API', () => {
  let app: TestApp;
  let clock = Date.parse('2026-11-25T12:00:00Z');
  const u: Record<string, TestUser> = {};
  let chefRank: string;
  let driverRank: string;
  let events: { event: string; payload: unknown }[] = [];

  beforeAll(async () => {
    app = await createTestApp({ now: () => clock });
    u.customer = await app.createUser({ username: 'casey_customer' });
    u.chef = await app.createUser({ username: 'charlie_chef', rankPermissions: STAFF, rankPosition: 20 });
    u.manager = await app.createUser({ username: 'morgan_manager', rankPermissions: MANAGER, rankPosition: 60 });
    u.admin = await app.createUser({ username: 'sam_admin', permissions: ['SUPER_ADMIN'] });
    u.banned = await app.createUser({
      username: 'blake_banned',
      rankPermissions: MANAGER,
      rankPosition: 55,
      ban: { reason: 'Abuse', expires: null },
    });
    chefRank = await createRank(app, { name: 'Chef', position: 21, permissions: 1 });
    driverRank = await createRank(app, { name: 'Driver', position: 22, permissions: 1 });
    for (const event of ['notice', 'identityChanged', 'userRanksChanged'] as const) {
      app.server.ctx.events.on(event, (payload) => void events.push({ event, payload }));
    }
  });
  afterAll(() => app?.close());
  beforeEach(() => {
    events = [];
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
    app.inject({ method, url, headers: user?.auth, ...(payload ? { payload } : {}) });
  const createForm = async (body: object = {}): Promise<FormView> => {
    const res = await call('POST', '/api/client/recruitment/forms', u.manager, {
      title: 'Chef',
      rank: chefRank,
      open: true,
      questions: QUESTIONS,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().form;
  };
  const apply = (form: { id: string }, user: TestUser, answers: object = GOOD) =>
    call('POST', `/api/client/recruitment/forms/${form.id}/response`, user, { answers });
  const setStatus = (id: string, user: TestUser, body: object) =>
    call('PATCH', `/api/client/recruitment/applications/${id}/update-status`, user, body);

  describe('who may call each route', () => {
    it('answers every route by the matrix: anonymous, customer, banned, chef, manager, super admin', async () => {
      const form = await createForm({ title: 'Matrix' });
      const applicant = await app.createUser();
      const application: ApplicationView = (await apply(form, applicant)).json().application;
      const who = ['anonymous', 'customer', 'banned', 'chef', 'manager', 'admin'] as const;
      const matrix: [string, string, object | undefined, Record<(typeof who)[number], number>][] = [
        [
          'GET',
          '/api/client/recruitment/forms',
          undefined,
          { anonymous: 401, customer: 200, banned: 403, chef: 200, manager: 200, admin: 200 },
        ],
        [
          'GET',
          '/api/client/recruitment/forms?scope=manage',
          undefined,
          { anonymous: 401, customer: 403, banned: 403, chef: 403, manager: 200, admin: 200 },
        ],
        [
          'GET',
          `/api/client/recruitment/forms/${form.id}`,
          undefined,
          { anonymous: 401, customer: 200, banned: 403, chef: 200, manager: 200, admin: 200 },
        ],
        [
          'POST',
          '/api/client/recruitment/forms',
          { title: 'X', questions: QUESTIONS },
          { anonymous: 401, customer: 403, banned: 403, chef: 403, manager: 201, admin: 201 },
        ],
        [
          'PATCH',
          `/api/client/recruitment/forms/${form.id}`,
          { title: 'Matrix 2' },
          { anonymous: 401, customer: 403, banned: 403, chef: 403, manager: 200, admin: 200 },
        ],
        [
          'GET',
          `/api/client/recruitment/forms/${form.id}/applications`,
          undefined,
          { anonymous: 401, customer: 403, banned: 403, chef: 403, manager: 200, admin: 200 },
        ],
        [
          'GET',
          `/api/client/recruitment/${applicant.id}/applications`,
          undefined,
          { anonymous: 401, customer: 403, banned: 403, chef: 403, manager: 200, admin: 200 },
        ],
        [
          'GET',
          `/api/client/recruitment/applications/${application.id}`,
          undefined,
          { anonymous: 401, customer: 403, banned: 403, chef: 403, manager: 200, admin: 200 },
        ],
        // A valid body that changes nothing: who passes reaches the service's 409.
        [
          'PATCH',
          `/api/client/recruitment/applications/${application.id}/update-status`,
          { status: 0 },
          { anonymous: 401, customer: 403, banned: 403, chef: 403, manager: 409, admin: 409 },
        ],
      ];
      for (const [method, url, body, expected] of matrix) {
        for (const name of who) {
          const res = await call(method as 'GET', url, name === 'anonymous' ? undefined : u[name], body);
          expect(res.statusCode, `${name} ${method} ${url}: ${res.body}`).toBe(expected[name]);
        }
      }
      // Applying: anyone signed in and not banned (the customer applies; the others are refused by a rule or the guard).
      expect((await apply(form, u.customer!)).statusCode).toBe(201);
      expect(
        (await call('POST', `/api/client/recruitment/forms/${form.id}/response`, undefined, { answers: GOOD }))
          .statusCode,
      ).toBe(401);
      expect((await apply(form, u.banned!)).statusCode).toBe(403);
      // Deleting: RECRUITMENT_MANAGER only.
      for (const name of ['customer', 'banned', 'chef'] as const) {
        expect((await call('DELETE', `/api/client/recruitment/forms/${form.id}`, u[name])).statusCode).toBe(403);
      }
      expect((await call('DELETE', `/api/client/recruitment/forms/${form.id}`)).statusCode).toBe(401);
      expect((await call('DELETE', `/api/client/recruitment/forms/${form.id}`, u.manager)).statusCode).toBe(204);
      expect((await call('GET', `/api/client/recruitment/forms/${form.id}`, u.manager)).statusCode).toBe(404);
      // The applicant still reads theirs (the snapshot), without the staff notes.
      const own = await call('GET', `/api/client/recruitment/applications/${application.id}`, applicant);
      expect(own.statusCode).toBe(200);
      expect(own.json().application.formTitle).toBe('Matrix');
    });

    it("a rank in the form's manageableRanks may view and review that form, and only that one", async () => {
      const reviewer = await app.createUser({ rankPermissions: STAFF, rankPosition: 30 });
      const reviewerRank = (await call('GET', `/api/v3/users/${reviewer.id}`)).json().user.rank;
      const theirs = await createForm({ title: 'Theirs', manageableRanks: [reviewerRank] });
      const other = await createForm({ title: 'Other' });
      const applicant = await app.createUser();
      const a1: ApplicationView = (await apply(theirs, applicant)).json().application;
      const a2: ApplicationView = (await apply(other, applicant)).json().application;
      expect((await call('GET', `/api/client/recruitment/forms/${theirs.id}/applications`, reviewer)).statusCode).toBe(
        200,
      );
      expect((await call('GET', `/api/client/recruitment/forms/${other.id}/applications`, reviewer)).statusCode).toBe(
        403,
      );
      expect((await call('GET', `/api/client/recruitment/applications/${a1.id}`, reviewer)).statusCode).toBe(200);
      expect((await call('GET', `/api/client/recruitment/applications/${a2.id}`, reviewer)).statusCode).toBe(403);
      const list = (await call('GET', `/api/client/recruitment/${applicant.id}/applications`, reviewer)).json()
        .applications;
      expect(list.map((a: ApplicationView) => a.id)).toEqual([a1.id]);
      const managed = (await call('GET', '/api/client/recruitment/forms?scope=manage', reviewer)).json().forms;
      expect(managed.map((f: FormView) => f.title)).toEqual(['Theirs']);
      expect((await setStatus(a2.id, reviewer, { status: 1 })).statusCode).toBe(403);
      expect((await setStatus(a1.id, reviewer, { status: 1, reason: 'Soon' })).statusCode).toBe(200);
    });
  });

  describe('the page guards ask what the API answers (§6: a rank in manageableRanks)', () => {
    it('a rank-only reviewer: their form yes, another form no; a manager without VIEW_RECRUITMENT_RESPONSE edits but reads none', async () => {
      const access = (app.server.ctx.services as { recruitment: RecruitmentPlugin }).recruitment.access;
      const currentUser = async (user: TestUser) => (await app.server.ctx.sessions.validate(user.token))!.user;
      const reviewer = await app.createUser({ username: 'rank_reviewer', rankPermissions: STAFF, rankPosition: 31 });
      const reviewerRank = (await call('GET', `/api/v3/users/${reviewer.id}`)).json().user.rank;
      const editorOnly = await app.createUser({
        username: 'form_editor',
        rankPermissions: [...STAFF, 'RECRUITMENT_MANAGER'],
        rankPosition: 61,
      });
      const noForm = await app.createUser({ username: 'plain_chef', rankPermissions: STAFF, rankPosition: 32 });
      const theirs = await createForm({ title: 'Reviewed by rank', manageableRanks: [reviewerRank] });
      const other = await createForm({ title: 'Not theirs' });
      const applicant = await app.createUser();
      const mine: ApplicationView = (await apply(theirs, applicant)).json().application;
      const notMine: ApplicationView = (await apply(other, applicant)).json().application;
      const status = async (url: string, user: TestUser) => (await call('GET', url, user)).statusCode;
      const answer = (allowed: boolean | null) => (allowed === null ? 404 : allowed ? 200 : 403);

      for (const user of [reviewer, editorOnly, noForm, u.manager!, u.admin!]) {
        const who = await currentUser(user);
        // /staff/admin/recruitment ↔ GET .../forms?scope=manage
        expect(answer(await access.mayEnter(who)), `index ${user.id}`).toBe(
          await status('/api/client/recruitment/forms?scope=manage', user),
        );
        // /staff/admin/recruitment/applications ↔ someone else's applications, to the forms the caller reviews
        expect(answer(await access.reviewsAny(who)), `all applications ${user.id}`).toBe(
          await status(`/api/client/recruitment/${applicant.id}/applications`, user),
        );
        for (const form of [theirs, other]) {
          // /staff/admin/recruitment/{id}/applications ↔ GET .../forms/{id}/applications
          expect(answer(await access.mayReviewForm(who, form.id)), `form ${form.title} ${user.id}`).toBe(
            await status(`/api/client/recruitment/forms/${form.id}/applications`, user),
          );
        }
        for (const application of [mine, notMine]) {
          // /staff/admin/recruitment/{id}/applications/{applicationID} ↔ GET .../applications/{id}
          expect(answer(await access.mayReviewApplication(who, application.id)), `application ${user.id}`).toBe(
            await status(`/api/client/recruitment/applications/${application.id}`, user),
          );
        }
        expect(answer(await access.mayReviewForm(who, '1100000000000999999'))).toBe(
          await status('/api/client/recruitment/forms/1100000000000999999/applications', user),
        );
      }

      const rankOnly = await currentUser(reviewer);
      expect(await access.mayReviewForm(rankOnly, theirs.id)).toBe(true);
      expect(await access.mayReviewForm(rankOnly, other.id)).toBe(false);
      expect(await access.mayOpenForm(rankOnly, other.id)).toBe(false);
      expect(await access.mayOpenForm(await currentUser(editorOnly), other.id)).toBe(true);
      expect(await access.mayReviewForm(await currentUser(editorOnly), other.id)).toBe(false);
      // The sidebar: the forms reviewed through a rank, and none for whom permissions open every form.
      expect(await access.formsReviewedByRank(rankOnly)).toEqual([{ id: theirs.id, title: 'Reviewed by rank' }]);
      expect(await access.formsReviewedByRank(await currentUser(noForm))).toEqual([]);
      expect(await access.formsReviewedByRank(await currentUser(u.manager!))).toEqual([]);
      // A deleted form leaves the sidebar and the index with it.
      expect((await call('DELETE', `/api/client/recruitment/forms/${theirs.id}`, u.manager)).statusCode).toBe(204);
      expect(await access.formsReviewedByRank(rankOnly)).toEqual([]);
      expect(answer(await access.mayEnter(rankOnly))).toBe(
        await status('/api/client/recruitment/forms?scope=manage', reviewer),
      );
    });
  });

  describe('forms', () => {
    it('creates with ids for the questions, edits, lists the open ones and audits each write', async () => {
      const form = await createForm({
        title: 'Audited',
        questions: [{ type: 'short', label: 'No id given' }, ...QUESTIONS.slice(1)],
      });
      expect(form.questions[0]!.id).toMatch(/^q[0-9a-f]{8}$/);
      expect(form.questions.map((q) => q.id).slice(1)).toEqual(['why', 'shift', 'dishes', 'hours', 'before']);
      const edited = await call('PATCH', `/api/client/recruitment/forms/${form.id}`, u.manager, {
        title: 'Audited!',
        open: false,
      });
      expect(edited.json().form).toMatchObject({ title: 'Audited!', open: false, acceptingNow: false });
      const open = (await call('GET', '/api/client/recruitment/forms', u.customer))
        .json()
        .forms.map((f: FormView) => f.id);
      expect(open).not.toContain(form.id);
      const audit = await app.db.orm.em
        .fork()
        .find(AuditEntrySchema, { targetId: form.id }, { orderBy: { at: 'asc' } });
      expect(audit.map((a) => a.action)).toEqual(['recruitmentForm.create', 'recruitmentForm.update']);
    });

    it('refuses bad forms with 400 and writes nothing', async () => {
      const before = (await call('GET', '/api/client/recruitment/forms?scope=manage', u.manager)).json().forms.length;
      const bad = [
        { title: '', questions: QUESTIONS },
        { title: 'X', questions: [] },
        { title: 'X', questions: [{ type: 'single', label: 'One option', options: ['Only'] }] },
        { title: 'X', questions: [{ type: 'short', label: 'Limits', min: 10, max: 2 }] },
        {
          title: 'X',
          questions: [
            { id: 'a', type: 'short', label: 'A' },
            { id: 'a', type: 'short', label: 'B' },
          ],
        },
        { title: 'X', questions: QUESTIONS, opensAt: '2026-12-02T00:00:00Z', closesAt: '2026-12-01T00:00:00Z' },
        { title: 'X', questions: QUESTIONS, rank: '1234567890123456789' },
        { title: 'X', questions: QUESTIONS, surprise: true },
      ];
      for (const body of bad)
        expect(
          (await call('POST', '/api/client/recruitment/forms', u.manager, body)).statusCode,
          JSON.stringify(body),
        ).toBe(400);
      expect((await call('GET', '/api/client/recruitment/forms?scope=manage', u.manager)).json().forms.length).toBe(
        before,
      );
    });

    it('refuses question ids every object already has, naming the field', async () => {
      for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
        const res = await call('POST', '/api/client/recruitment/forms', u.manager, {
          title: 'Prototype',
          questions: [{ id, type: 'short', label: 'Q' }],
        });
        expect(res.statusCode, id).toBe(400);
        expect(res.json().message, id).toMatch(/^Invalid body\.questions\.0\.id: /);
        expect(
          res.json().issues.map((i: { path: unknown[] }) => i.path),
          id,
        ).toContainEqual(['questions', 0, 'id']);
      }
      expect(
        (
          await call('POST', '/api/client/recruitment/forms', u.manager, {
            title: 'Fine',
            questions: [{ id: 'proto', type: 'short', label: 'Q' }],
          })
        ).statusCode,
      ).toBe(201);
    });

    it('refuses a limit above what the question type takes, naming the field', async () => {
      const cases: [object, string][] = [
        [{ type: 'short', label: 'Short', max: 201 }, 'max'],
        [{ type: 'short', label: 'Short', min: 201 }, 'min'],
        [{ type: 'paragraph', label: 'Long', max: 4001 }, 'max'],
        [{ type: 'multiple', label: 'Pick', options: ['a', 'b', 'c'], max: 4 }, 'max'],
        [{ type: 'multiple', label: 'Pick', options: ['a', 'b', 'c'], min: 4 }, 'min'],
      ];
      for (const [question, field] of cases) {
        const res = await call('POST', '/api/client/recruitment/forms', u.manager, {
          title: 'Limits',
          questions: [question],
        });
        expect(res.statusCode, JSON.stringify(question)).toBe(400);
        expect(
          res.json().issues.map((i: { path: unknown[] }) => i.path),
          JSON.stringify(question),
        ).toContainEqual(['questions', 0, field]);
      }
      const edges = [
        { type: 'short', label: 'Short', max: 200 },
        { type: 'paragraph', label: 'Long', min: 4000 },
        { type: 'multiple', label: 'Pick', options: ['a', 'b'], min: 2, max: 2 },
      ];
      expect(
        (await call('POST', '/api/client/recruitment/forms', u.manager, { title: 'Edges', questions: edges }))
          .statusCode,
      ).toBe(201);
    });

    it('refuses a form handing out a rank at or above the editor', async () => {
      const rank = await createRank(app, { name: 'Boss', position: 90, permissions: 0 });
      const res = await call('POST', '/api/client/recruitment/forms', u.manager, {
        title: 'Boss',
        rank,
        questions: QUESTIONS,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain('Boss');
    });
  });

  describe('applying', () => {
    it('stores the answers with a snapshot of the questions: a later edit of the form changes nothing', async () => {
      const form = await createForm({ title: 'Snapshot' });
      const applicant = await app.createUser();
      const res = await apply(form, applicant, { ...GOOD, before: undefined, dishes: [] });
      expect(res.statusCode, res.body).toBe(201);
      const application: ApplicationView = res.json().application;
      expect(application.answers).toEqual({ ...GOOD, dishes: null, before: null });
      expect(application.staffNotes).toBeUndefined();
      await call('PATCH', `/api/client/recruitment/forms/${form.id}`, u.manager, {
        questions: [{ id: 'other', type: 'short', label: 'Something else' }],
      });
      const again = (await call('GET', `/api/client/recruitment/applications/${application.id}`, applicant)).json()
        .application;
      expect(again.questions.map((q: { label: string }) => q.label)).toEqual(QUESTIONS.map((q) => q.label));
    });

    it('refuses bad answers with a 400 naming the question, and writes nothing', async () => {
      const form = await createForm({ title: 'Answers' });
      const applicant = await app.createUser();
      const cases: [object, string, string][] = [
        [{ ...GOOD, why: '   ' }, 'why', 'Why do you want to cook?: This question needs an answer.'],
        [{ ...GOOD, name: undefined }, 'name', 'Your name: This question needs an answer.'],
        [{ ...GOOD, name: 'C' }, 'name', 'Your name: At least 2 characters.'],
        [{ ...GOOD, shift: 'Evening' }, 'shift', 'Shift: Pick one of the options.'],
        [{ ...GOOD, dishes: ['Pizza', 'Fries', 'Burgers'] }, 'dishes', 'Dishes: Pick at most 2.'],
        [{ ...GOOD, hours: 41 }, 'hours', 'Hours a week: At most 40.'],
        [{ ...GOOD, hours: '5' }, 'hours', 'Hours a week: Enter a number.'],
        [{ ...GOOD, before: 'yes' }, 'before', 'Cooked before?: Answer yes or no.'],
      ];
      for (const [answers, question, message] of cases) {
        const res = await apply(form, applicant, answers);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ question, message });
      }
      const extra = await apply(form, applicant, { ...GOOD, hacker: 'x' });
      expect(extra.statusCode).toBe(400);
      expect(await app.db.orm.em.fork().count(ApplicationSchema, { user: applicant.id })).toBe(0);
    });

    it('reads answers as own properties: a stored question named __proto__ or toString is asked like any other', async () => {
      // Forms stored before ids were checked may still ask such questions.
      const em = app.db.orm.em.fork();
      const question = (id: string, label: string, required: boolean) => ({
        id,
        type: 'short' as const,
        label,
        help: null,
        required,
        min: null,
        max: null,
        options: [],
      });
      const form = em.create(RecruitmentFormSchema, {
        title: 'Legacy',
        description: '',
        rank: null,
        manageableRanks: [],
        open: true,
        opensAt: null,
        closesAt: null,
        requirements: DEFAULT_REQUIREMENTS,
        questions: [
          question('__proto__', 'Proto', true),
          question('toString', 'Optional', false),
          question('name', 'Name', true),
        ],
        createdBy: u.manager!.id,
      });
      await em.flush();
      const applicant = await app.createUser();
      const unanswered = await apply(form, applicant, { name: 'Casey' });
      expect(unanswered.statusCode, unanswered.body).toBe(400);
      expect(unanswered.json()).toMatchObject({
        question: '__proto__',
        message: 'Proto: This question needs an answer.',
      });
      expect(await app.db.orm.em.fork().count(ApplicationSchema, { user: applicant.id })).toBe(0);

      const optional = await createForm({
        title: 'Optional only',
        questions: [{ id: 'name', type: 'short', label: 'Name', required: true }],
      });
      await em.nativeUpdate(
        RecruitmentFormSchema,
        { id: optional.id },
        {
          questions: [
            question('toString', 'Optional', false),
            question('valueOf', 'Also optional', false),
            question('name', 'Name', true),
          ],
        },
      );
      const left = await apply(optional, applicant, { name: 'Casey' });
      expect(left.statusCode, left.body).toBe(201);
      expect(Object.entries(left.json().application.answers)).toEqual([
        ['toString', null],
        ['valueOf', null],
        ['name', 'Casey'],
      ]);
    });

    it('enforces open, opening and closing times with the clock', async () => {
      const applicant = await app.createUser();
      const closed = await createForm({ title: 'Closed', open: false });
      expect((await apply(closed, applicant)).json()).toMatchObject({
        statusCode: 409,
        message: expect.stringContaining('closed'),
      });
      const later = await createForm({
        title: 'Later',
        opensAt: new Date(clock + DAY).toISOString(),
        closesAt: new Date(clock + 2 * DAY).toISOString(),
      });
      expect(later.acceptingNow).toBe(false);
      expect((await apply(later, applicant)).json()).toMatchObject({
        statusCode: 409,
        message: expect.stringContaining('not open yet'),
      });
      clock += 2 * DAY;
      try {
        expect((await apply(later, applicant)).json()).toMatchObject({
          statusCode: 409,
          message: expect.stringContaining('closed on'),
        });
        clock -= DAY;
        expect((await apply(later, applicant)).statusCode).toBe(201);
      } finally {
        clock -= DAY;
      }
    });

    it('refuses an unmet requirement, naming it', async () => {
      const young = await app.createUser();
      const aged = await app.createUser({ id: '1100000000000000777' });
      const ageForm = await createForm({ title: 'Age', requirements: { minAccountAgeDays: 30 } });
      expect((await apply(ageForm, young)).json()).toMatchObject({
        statusCode: 403,
        message: expect.stringContaining('at least 30 days old'),
      });
      expect((await apply(ageForm, aged)).statusCode).toBe(201);

      const newcomers = await createForm({ title: 'Newcomers', requirements: { notStaff: true } });
      expect((await apply(newcomers, u.chef!)).json()).toMatchObject({
        statusCode: 403,
        message: expect.stringContaining('not staff'),
      });

      const single = await createForm({ title: 'Single', requirements: { oneAtATime: true } });
      // `aged` has an open application to Age.
      expect((await apply(single, aged)).json()).toMatchObject({
        statusCode: 403,
        message: expect.stringContaining('one application at a time'),
      });
    });

    it('refuses a second open application to the same form, and one within the cooldown after a denial', async () => {
      const form = await createForm({ title: 'Cooldown', requirements: { reapplyCooldownDays: 10 } });
      const applicant = await app.createUser();
      const first: ApplicationView = (await apply(form, applicant)).json().application;
      expect((await apply(form, applicant)).json()).toMatchObject({
        statusCode: 409,
        message: expect.stringContaining('already have an open application'),
      });
      expect((await setStatus(first.id, u.manager!, { status: 3, reason: 'Not now' })).statusCode).toBe(200);
      expect((await apply(form, applicant)).json()).toMatchObject({
        statusCode: 409,
        message: expect.stringContaining('was denied'),
      });
      clock += 11 * DAY;
      try {
        expect((await apply(form, applicant)).statusCode).toBe(201);
      } finally {
        clock -= 11 * DAY;
      }
    });

    it('refuses within a week of resigning (the resign flow records it)', async () => {
      const form = await createForm({ title: 'Resigned' });
      const quitter = await app.createUser();
      await giveRanks(
        app,
        quitter.id,
        await createRank(app, { name: 'Trainee', position: 5, permissions: 0, canResign: true }),
      );
      clock -= 6 * DAY;
      try {
        expect((await call('POST', '/api/client/recruitment/resign', quitter)).statusCode).toBe(204);
      } finally {
        clock += 6 * DAY;
      }
      expect((await apply(form, quitter)).json()).toMatchObject({
        statusCode: 409,
        message: expect.stringContaining('resigned'),
      });
      clock += 2 * DAY;
      try {
        expect((await apply(form, quitter)).statusCode).toBe(201);
      } finally {
        clock -= 2 * DAY;
      }
    });
  });

  describe('reviewing', () => {
    it('reviewsBetweenIn counts each application a member changed the status of, once, never the applicant’s own', async () => {
      const from = new Date(clock - 60_000);
      const form = await createForm({ title: 'Counted' });
      const applicant = await app.createUser();
      const reviewer = await app.createUser({ rankPermissions: MANAGER, rankPosition: 59 });
      const application: ApplicationView = (await apply(form, applicant)).json().application;
      expect((await setStatus(application.id, reviewer, { status: 1, reason: 'Soon' })).statusCode).toBe(200);
      expect((await setStatus(application.id, reviewer, { status: 3, reason: 'No' })).statusCode).toBe(200);
      const to = new Date(clock + 60_000);
      const em = app.db.orm.em.fork();
      const reviews = await reviewsBetweenIn(em, from, to);
      expect(reviews.get(reviewer.id)).toBe(1);
      expect(reviews.has(applicant.id)).toBe(false);
      expect(await reviewsBetweenIn(em, from, to, applicant.id)).toEqual(new Map());
      expect(await reviewsBetweenIn(em, to, new Date(to.getTime() + 1000))).toEqual(new Map());
    });

    it('hold then accept: history kept, rank granted with rank history, the applicant told, staff notes never shown to them', async () => {
      const form = await createForm({ title: 'Kitchen' });
      const applicant = await app.createUser();
      const application: ApplicationView = (await apply(form, applicant)).json().application;
      const hold = await setStatus(application.id, u.manager!, {
        status: 1,
        reason: 'Waiting for a spot',
        staffNotes: 'Promising',
      });
      expect(hold.statusCode, hold.body).toBe(200);
      expect(hold.json().application).toMatchObject({
        status: 1,
        reason: 'Waiting for a spot',
        staffNotes: 'Promising',
      });
      const accept = await setStatus(application.id, u.manager!, { status: 2, reason: 'Welcome!' });
      expect(accept.json().application).toMatchObject({ status: 2, staffNotes: 'Promising' });
      const view: ApplicationView = accept.json().application;
      expect(view.history.map((h) => [h.from, h.to, h.by?.id])).toEqual([
        [null, 0, applicant.id],
        [0, 1, u.manager!.id],
        [1, 2, u.manager!.id],
      ]);

      const user = (await call('GET', `/api/v3/users/${applicant.id}`)).json().user;
      expect(user.ranks).toEqual([chefRank]);
      const rankHistory = await appServices(app.server.ctx).users.admin.rankHistory(applicant.id);
      expect(rankHistory.map((r) => [r.ranksBefore, r.ranksAfter, r.by])).toEqual([[[], [chefRank], u.manager!.id]]);

      const notices = events.filter((e) => e.event === 'notice').map((e) => e.payload);
      expect(notices).toEqual([
        expect.objectContaining({
          userId: applicant.id,
          kind: 'application.hold',
          ref: `application:${application.id}:${view.history[1]!.id}`,
          link: `/recruitment/applications/${application.id}`,
        }),
        expect.objectContaining({
          userId: applicant.id,
          kind: 'application.accepted',
          ref: `application:${application.id}:${view.history[2]!.id}`,
          text: expect.stringContaining('Chef'),
        }),
      ]);
      expect(events.filter((e) => e.event !== 'notice')).toEqual([
        { event: 'identityChanged', payload: { userId: applicant.id } },
        { event: 'userRanksChanged', payload: { userId: applicant.id, ranks: [chefRank], announce: false } },
      ]);

      const own = (await call('GET', `/api/client/recruitment/applications/${application.id}`, applicant)).json()
        .application;
      expect(own.staffNotes).toBeUndefined();
      expect(own.history.every((h: { by?: unknown }) => h.by === undefined)).toBe(true);
      expect(own).toMatchObject({ status: 2, reason: 'Welcome!' });
      const mine = (await call('GET', `/api/client/recruitment/${applicant.id}/applications`, applicant)).json()
        .applications;
      expect(mine[0].staffNotes).toBeUndefined();

      // A decision is final.
      expect((await setStatus(application.id, u.manager!, { status: 3 })).json()).toMatchObject({
        statusCode: 409,
        message: expect.stringContaining('final'),
      });
      const audit = await app.db.orm.em
        .fork()
        .find(AuditEntrySchema, { targetId: application.id }, { orderBy: { at: 'asc' } });
      expect(audit.map((a) => [a.action, a.after])).toEqual([
        ['application.status', { status: 'HOLD' }],
        ['application.status', { status: 'ACCEPTED', rankGranted: 'Chef' }],
      ]);
    });

    it("accepting gives the form's rank by hand: a store trial of the same rank, ending later, leaves it", async () => {
      const form = await createForm({ title: 'After the trial' });
      const applicant = await app.createUser();
      const grants = appServices(app.server.ctx).store.grants;
      const trial = { userId: applicant.id, source: 'purchase' as const, sourceRef: `trial-${applicant.id}` };
      await app.db.orm.em
        .fork()
        .transactional((em) =>
          grants.grantIn(em, { ...trial, kind: 'rank', value: chefRank, endsAt: new Date(clock + 7 * DAY) }),
        );
      const application: ApplicationView = (await apply(form, applicant)).json().application;
      expect((await setStatus(application.id, u.manager!, { status: 2, reason: 'Welcome!' })).statusCode).toBe(200);
      await app.db.orm.em.fork().transactional((em) => grants.endIn(em, trial));
      expect((await call('GET', `/api/v3/users/${applicant.id}`)).json().user.ranks).toEqual([chefRank]);
    });

    it("refuses reviewing one's own application and bad statuses, writing nothing", async () => {
      const form = await createForm({ title: 'Own' });
      const application: ApplicationView = (await apply(form, u.manager!)).json().application;
      expect((await setStatus(application.id, u.manager!, { status: 2 })).statusCode).toBe(403);
      for (const body of [{ status: 4 }, { status: '2' }, {}, { status: 1, extra: 1 }]) {
        expect((await setStatus(application.id, u.admin!, body)).statusCode).toBe(400);
      }
      expect(await app.db.orm.em.fork().count(ApplicationHistorySchema, { application: application.id })).toBe(1);
    });

    it("lists a form's applications: open by default, by status, searched inside the answers, paged", async () => {
      const form = await createForm({ title: 'Listed', rank: driverRank });
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const applicant = await app.createUser({ username: `lister${i}` });
        ids.push(
          (
            await apply(form, applicant, {
              ...GOOD,
              name: `Cook ${i}`,
              why: i === 2 ? 'I make the best zucchini soup.' : GOOD.why,
            })
          ).json().application.id,
        );
      }
      await setStatus(ids[0]!, u.manager!, { status: 3, reason: 'No' });
      await setStatus(ids[1]!, u.manager!, { status: 1 });
      const list = async (query: string) =>
        (await call('GET', `/api/client/recruitment/forms/${form.id}/applications${query}`, u.manager)).json();
      const open = await list('');
      expect(open.form.id).toBe(form.id);
      expect(open.responses.map((a: ApplicationView) => a.id)).toEqual(ids.slice(1));
      expect(open.responses[0].staffNotes).toBeNull();
      expect((await list('?filter=denied')).responses.map((a: ApplicationView) => a.id)).toEqual([ids[0]]);
      expect((await list('?filter=all')).total).toBe(4);
      expect((await list('?filter=all&search=ZUCCHINI')).responses.map((a: ApplicationView) => a.id)).toEqual([ids[2]]);
      expect((await list('?filter=all&search=lister3')).responses.map((a: ApplicationView) => a.id)).toEqual([ids[3]]);
      const page2 = await list('?filter=all&pageSize=3&page=2');
      expect([page2.total, page2.responses.length]).toEqual([4, 1]);
      expect(
        (await call('GET', `/api/client/recruitment/forms/${form.id}/applications?filter=nope`, u.manager)).statusCode,
      ).toBe(400);
      const counts = (await call('GET', '/api/client/recruitment/forms?scope=manage', u.manager))
        .json()
        .forms.find((f: FormView) => f.id === form.id).counts;
      expect(counts).toEqual({ PENDING: 2, HOLD: 1, ACCEPTED: 0, DENIED: 1 });
    });
  });

  describe("a refusal in the request's language", () => {
    const inLanguage = (language: string, user: TestUser) => ({ ...user.auth, 'accept-language': language });
    const applyIn = (language: string, form: { id: string }, user: TestUser, answers: object = GOOD) =>
      app.inject({
        method: 'POST',
        url: `/api/client/recruitment/forms/${form.id}/response`,
        headers: inLanguage(language, user),
        payload: { answers },
      });

    it("says an answer's problem in the language, after the question's label as written; English without a language", async () => {
      const form = await createForm({ title: 'Answers in French' });
      const applicant = await app.createUser();
      expect((await applyIn('fr', form, applicant, { ...GOOD, name: 'C' })).json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Your name: Au moins 2 caractères.',
        question: 'name',
        issues: [{ path: ['answers', 'name'], message: 'At least 2 characters.' }],
      });
      expect((await applyIn('fr', form, applicant, { ...GOOD, name: 'C'.repeat(21) })).json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Your name: Au plus 20 caractères.',
        question: 'name',
        issues: [{ path: ['answers', 'name'], message: 'At most 20 characters.' }],
      });
      expect((await applyIn('fr', form, applicant, { ...GOOD, shift: 'Evening' })).json().message).toBe(
        'Shift: Choisissez l’une des options.',
      );
      // A text it cannot store, in core's words (the kernel's catalogue), as any refused schema's is.
      expect(
        (await applyIn('fr', form, applicant, { ...GOOD, why: 'I love\u0000 cooking for people.' })).json().message,
      ).toBe('Why do you want to cook?: Le texte ne doit contenir ni caractère NUL ni demi-code de substitution isolé');
      expect((await applyIn('de', form, applicant, { ...GOOD, hours: 41 })).json().message).toBe(
        'Hours a week: Höchstens 40.',
      );
      expect((await applyIn('fr', form, applicant, { ...GOOD, hacker: 'x' })).json().message).toBe(
        'Une réponse à une question que ce formulaire ne pose pas.',
      );
      expect((await apply(form, applicant, { ...GOOD, name: 'C' })).json()).toMatchObject({
        statusCode: 400,
        message: 'Your name: At least 2 characters.',
        question: 'name',
      });
      expect(await app.db.orm.em.fork().count(ApplicationSchema, { user: applicant.id })).toBe(0);
    });

    it('says when a form opens as the language writes a date, in UTC; English without a language', async () => {
      const form = await createForm({ title: 'Soon', opensAt: new Date(clock + DAY).toISOString() });
      const applicant = await app.createUser();
      expect((await applyIn('fr', form, applicant)).json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'Ce formulaire n’est pas encore ouvert : il ouvre le 26 nov. 2026, 12:00 UTC.',
      });
      expect((await applyIn('de', form, applicant)).json().message).toBe(
        'Dieses Formular ist noch nicht offen: Es öffnet am 26. Nov. 2026, 12:00 UTC.',
      );
      expect((await apply(form, applicant)).json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'This form is not open yet: it opens on 26 Nov 2026, 12:00 UTC.',
      });
    });

    it("counts days by the language's plural rules, and names an application's status in its words", async () => {
      const aged = await createForm({ title: 'Aged', requirements: { minAccountAgeDays: 30 } });
      expect((await applyIn('fr', aged, await app.createUser())).json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Condition non remplie : votre compte Discord doit avoir au moins 30 jours (il a 0 jour).',
      });

      const held: ApplicationView = (await apply(await createForm({ title: 'Held' }), await app.createUser())).json()
        .application;
      expect((await setStatus(held.id, u.manager!, { status: 1 })).statusCode).toBe(200);
      const holdIn = (language: string) =>
        app.inject({
          method: 'PATCH',
          url: `/api/client/recruitment/applications/${held.id}/update-status`,
          headers: inLanguage(language, u.manager!),
          payload: { status: 1 },
        });
      expect((await holdIn('es')).json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'Esta solicitud ya está en espera.',
      });
      expect((await holdIn('pt-BR')).json().message).toBe('Esta candidatura já está em espera.');
    });
  });
});
