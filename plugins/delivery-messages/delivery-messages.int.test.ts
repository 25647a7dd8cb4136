import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntrySchema } from '../../core/audit/entities.ts';
import { UserSchema } from '../../core/auth/entities.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { DeliveryMessageSchema } from './entities.ts';
import { slugify } from './schemas.ts';

const CHEF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];
const MANAGER: Permission[] = [...CHEF, 'MANAGE_USERS'];
const URL = '/api/client/delivery-messages';

describe('premade delivery messages', () => {
  let app: TestApp;
  let chef: TestUser;
  let other: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    chef = await app.createUser({ rankPermissions: CHEF });
    other = await app.createUser({ rankPermissions: CHEF });
    manager = await app.createUser({ rankPermissions: MANAGER });
  });
  afterAll(() => app?.close());

  const create = (user: TestUser, payload: object) =>
    app.inject({ method: 'POST', url: URL, headers: user.auth, payload });
  const count = () => app.db.orm.em.fork().count(DeliveryMessageSchema, {});
  const audits = (targetId: string) => app.db.orm.em.fork().find(AuditEntrySchema, { targetId });

  it('slugify: lowercase letters, digits and dashes; a title without letters still gets one', () => {
    expect(slugify('Thanks, {customer}!')).toBe('thanks-customer');
    expect(slugify('  Crème brûlée  ')).toBe('creme-brulee');
    expect(slugify('1234')).toBe('message-1234');
    expect(slugify('!!!')).toBe('message');
    expect(slugify('Create')).toBe('create-message');
  });

  it('creates a message with a slug from its title; the same title again gets -2, a slug given that is taken is a 409', async () => {
    const first = await create(chef, { title: 'Enjoy your meal', message: 'Enjoy your {item}, {customer}!' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().deliveryMessage).toMatchObject({
      slug: 'enjoy-your-meal',
      title: 'Enjoy your meal',
      uses: 0,
      author: { id: chef.id },
      editable: true,
    });
    const second = await create(other, { title: 'Enjoy your meal!', message: 'Enjoy, {customer}.' });
    expect(second.json().deliveryMessage.slug).toBe('enjoy-your-meal-2');
    const before = await count();
    const clash = await create(other, { title: 'Another', slug: 'enjoy-your-meal', message: 'Hi {customer}' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/taken/);
    expect(await count()).toBe(before);
  });

  it("refuses in the reader's language, and in English to a caller who names none", async () => {
    const made = await create(chef, {
      title: 'Bon appétit',
      slug: 'bon-appetit',
      message: 'Bon appétit, {customer} !',
    });
    expect(made.statusCode, made.body).toBe(201);
    const clash = (language?: string) =>
      app.inject({
        method: 'POST',
        url: URL,
        headers: { ...other.auth, ...(language ? { 'accept-language': language } : {}) },
        payload: { title: 'Another', slug: 'bon-appetit', message: 'Hi {customer}' },
      });
    const conflict = { statusCode: 409, error: 'Conflict' };
    expect((await clash('fr')).json()).toEqual({
      ...conflict,
      message: 'L’identifiant « bon-appetit » est déjà pris : choisissez-en un autre.',
    });
    expect((await clash()).json()).toEqual({
      ...conflict,
      message: 'The slug "bon-appetit" is taken: choose another.',
    });
    const missing = await app.inject({
      method: 'GET',
      url: `${URL}/no-such-message`,
      headers: { ...chef.auth, 'accept-language': 'pt-BR' },
    });
    expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Mensagem pronta não encontrada' });
  });

  it('400s write nothing: no {customer}, a bad slug, a short title, unknown keys, NUL', async () => {
    const before = await count();
    for (const payload of [
      { title: 'No customer', message: 'Here is your {item}.' },
      { title: 'Bad slug', slug: 'Bad Slug!', message: 'Hi {customer}' },
      { title: 'Digits', slug: '1234', message: 'Hi {customer}' },
      { title: 'A page', slug: 'create', message: 'Hi {customer}' },
      { title: 'ab', message: 'Hi {customer}' },
      { title: 'Extra key', message: 'Hi {customer}', uses: 100 },
      { title: 'Nul\u0000', message: 'Hi {customer}' },
      { title: 'Too long', message: `{customer} ${'x'.repeat(2000)}` },
    ]) {
      const answer = await create(chef, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', issues: expect.any(Array) });
    }
    expect(await count()).toBe(before);
    const created = (await create(chef, { title: 'Patch target', message: 'Hi {customer}' })).json().deliveryMessage;
    const patch = await app.inject({
      method: 'PATCH',
      url: `${URL}/${created.slug}`,
      headers: chef.auth,
      payload: { message: 'No placeholder' },
    });
    expect(patch.statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'PATCH', url: `${URL}/${created.slug}`, headers: chef.auth, payload: {} }))
        .statusCode,
    ).toBe(400);
    const row = await app.db.orm.em.fork().findOneOrFail(DeliveryMessageSchema, { id: created._id });
    expect(row.message).toBe('Hi {customer}');
  });

  it('searches title and text (case-insensitive, wildcards literal), pages, and finds one by slug or id', async () => {
    await create(chef, { title: 'Pancake parade', message: 'Stacks for {customer}!' });
    await create(other, { title: 'Breakfast', message: 'Fresh PANCAKES, {customer}: 100% fluffy.' });
    const search = (query: string, extra = '') =>
      app.inject({ method: 'GET', url: `${URL}?query=${encodeURIComponent(query)}${extra}`, headers: other.auth });
    const found = (await search('pancake')).json();
    expect(found.total).toBe(2);
    expect(found.deliveryMessages.map((m: { title: string }) => m.title).sort()).toEqual([
      'Breakfast',
      'Pancake parade',
    ]);
    expect((await search('100%')).json().total).toBe(1);
    expect((await search('%')).json().total).toBe(1);
    const page = (await search('pancake', '&pageSize=1&page=2&sort=title&order=asc')).json();
    expect(page).toMatchObject({ total: 2, deliveryMessages: [{ title: 'Pancake parade', editable: false }] });
    const mine = (await app.inject({ method: 'GET', url: `${URL}?mine=true`, headers: other.auth })).json();
    expect(mine.deliveryMessages.every((m: { author: { id: string } }) => m.author.id === other.id)).toBe(true);
    const bySlug = (await app.inject({ method: 'GET', url: `${URL}/pancake-parade`, headers: other.auth })).json()
      .deliveryMessage;
    const byId = (await app.inject({ method: 'GET', url: `${URL}/${bySlug._id}`, headers: other.auth })).json()
      .deliveryMessage;
    expect(byId).toEqual(bySlug);
    expect((await app.inject({ method: 'GET', url: `${URL}/no-such-message`, headers: other.auth })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: `${URL}/Not_A_Slug`, headers: other.auth })).statusCode).toBe(400);
  });

  it('the author edits and deletes without an audit entry; a manager’s edit and deletion of someone else’s are audited', async () => {
    const mine = (await create(chef, { title: 'Edit me', message: 'Hi {customer}' })).json().deliveryMessage;
    const edited = await app.inject({
      method: 'PATCH',
      url: `${URL}/${mine.slug}`,
      headers: chef.auth,
      payload: { title: 'Edited', slug: 'edited-by-author' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().deliveryMessage).toMatchObject({ title: 'Edited', slug: 'edited-by-author' });
    expect(await audits(mine._id)).toHaveLength(0);

    const taken = await app.inject({
      method: 'PATCH',
      url: `${URL}/${mine._id}`,
      headers: chef.auth,
      payload: { slug: 'enjoy-your-meal' },
    });
    expect(taken.statusCode).toBe(409);

    const byManager = await app.inject({
      method: 'PATCH',
      url: `${URL}/${mine._id}`,
      headers: manager.auth,
      payload: { message: 'Hello {customer}, from {driver}' },
    });
    expect(byManager.statusCode, byManager.body).toBe(200);
    const [entry] = await audits(mine._id);
    expect(entry).toMatchObject({
      action: 'deliveryMessage.update',
      targetType: 'deliveryMessage',
      targetName: 'Edited',
      actorId: manager.id,
    });
    expect(entry!.before).toEqual({ message: 'Hi {customer}' });
    expect(entry!.after).toEqual({ message: 'Hello {customer}, from {driver}' });

    const denied = await app.inject({ method: 'DELETE', url: `${URL}/${mine._id}`, headers: other.auth });
    expect(denied.statusCode).toBe(403);
    const deleted = await app.inject({ method: 'DELETE', url: `${URL}/${mine._id}`, headers: manager.auth });
    expect(deleted.statusCode).toBe(204);
    expect((await audits(mine._id)).map((e) => e.action).sort()).toEqual([
      'deliveryMessage.delete',
      'deliveryMessage.update',
    ]);
    expect((await app.inject({ method: 'GET', url: `${URL}/${mine._id}`, headers: chef.auth })).statusCode).toBe(404);

    const own = (await create(chef, { title: 'Delete me', message: 'Bye {customer}' })).json().deliveryMessage;
    expect((await app.inject({ method: 'DELETE', url: `${URL}/${own.slug}`, headers: chef.auth })).statusCode).toBe(
      204,
    );
    expect(await audits(own._id)).toHaveLength(0);
  });

  it('PATCH /users/{id}/premade-messages with a slug or id sets the user’s delivery message and counts a use; plain text still works', async () => {
    const premade = (await create(other, { title: 'Use me', message: 'Your {item} is here, {customer}!' })).json()
      .deliveryMessage;
    const set = (deliveryMessage: string, who = chef) =>
      app.inject({
        method: 'PATCH',
        url: `/api/client/users/${who.id}/premade-messages`,
        headers: who.auth,
        payload: { deliveryMessage },
      });
    const bySlug = await set(premade.slug);
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect(bySlug.json()).toEqual({ deliveryMessage: 'Your {item} is here, {customer}!' });
    expect((await set(premade._id)).statusCode).toBe(200);
    const user = await app.db.orm.em.fork().findOneOrFail(UserSchema, { id: chef.id });
    expect(user.settings?.deliveryMessage?.message).toBe('Your {item} is here, {customer}!');
    const row = await app.db.orm.em.fork().findOneOrFail(DeliveryMessageSchema, { id: premade._id });
    expect(row.uses).toBe(2);

    const missing = await set('no-such-message');
    expect(missing.statusCode).toBe(404);
    expect((await set('Thanks {customer}')).json()).toEqual({ deliveryMessage: 'Thanks {customer}' });
    expect((await set('No placeholder here.')).statusCode).toBe(400);
    expect((await app.db.orm.em.fork().findOneOrFail(DeliveryMessageSchema, { id: premade._id })).uses).toBe(2);
  });
});
