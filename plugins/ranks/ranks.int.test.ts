import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../core/demo-data.ts';
import { toBits } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { appServices, plugins } from '../index.ts';
import { DEFAULT_RANK_COLOUR, rankTextColour } from './schemas.ts';

describe('ranks API (read)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await seedDemoData(app.server, plugins);
  });
  afterAll(() => app.close());

  it('lists every rank, highest position first, to anyone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/client/ranks' });
    expect(res.statusCode).toBe(200);
    const { ranks } = res.json();
    expect(ranks.map((r: { name: string }) => r.name)).toEqual([
      'Owner',
      'Director',
      'Manager',
      'Delivery Driver',
      'Chef',
      'Trainee Chef',
    ]);
    expect(ranks[0]).toMatchObject({ position: 100, staff: { canResign: false } });
    const one = await app.inject({ method: 'GET', url: `/api/client/ranks/${ranks[2].id}` });
    expect(one.json().rank.name).toBe('Manager');
  });

  it('404 for an unknown rank, 400 for a malformed id', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/client/ranks/1234567890123456789' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/client/ranks/abc' })).statusCode).toBe(400);
  });
});

describe('rank text colour', () => {
  it('is black on light colours (luminance above 125) and white on dark ones', () => {
    expect(rankTextColour('#2888f5')).toBe('#ffffff');
    expect(rankTextColour('#f1c40f')).toBe('#000000');
    expect(rankTextColour('#ffffff')).toBe('#000000');
    expect(rankTextColour('#000000')).toBe('#ffffff');
    // The boundary: 126 is above 125, 125 itself is not.
    expect(rankTextColour('#7e7e7e')).toBe('#000000');
    expect(rankTextColour('#7d7d7d')).toBe('#ffffff');
  });
});

describe('inserting ranks (seeds and scripts)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());
  const ranks = () => appServices(app.server.ctx).ranks;
  const names = async () => (await ranks().list()).map((rank) => rank.name);

  it('writes a ladder at once, each rank as given, and announces each', async () => {
    const announced: string[] = [];
    const stop = app.server.ctx.events.on('rankCreated', ({ rank }) => {
      announced.push(rank.name);
    });
    const views = await ranks().insertMany([
      {
        name: 'Head Chef',
        position: 50,
        colour: '#123456',
        permissions: toBits(['MANAGE_ORDERS']),
        perks: ['APRON', 'APRON'],
        canResign: true,
      },
      { name: 'Dishwasher', position: 5, permissions: 0 },
    ]);
    stop();
    expect(views).toEqual([
      {
        id: expect.any(String),
        name: 'Head Chef',
        position: 50,
        colour: '#123456',
        permissions: toBits(['MANAGE_ORDERS']),
        perks: ['APRON'],
        staff: { canResign: true },
      },
      {
        id: expect.any(String),
        name: 'Dishwasher',
        position: 5,
        colour: DEFAULT_RANK_COLOUR,
        permissions: 0,
        perks: [],
        staff: { canResign: false },
      },
    ]);
    expect(await ranks().get(views[0]!.id)).toEqual(views[0]);
    expect(await names()).toEqual(['Head Chef', 'Dishwasher']);
    expect(announced).toEqual(['Head Chef', 'Dishwasher']);
  });

  it('writes none when a position is taken, or given twice (409)', async () => {
    await expect(
      ranks().insertMany([
        { name: 'Sous Chef', position: 40, permissions: 0 },
        { name: 'Clash', position: 50, permissions: 0 },
      ]),
    ).rejects.toMatchObject({ kind: 'conflict', message: 'Position 50 is already taken by another rank.' });
    await expect(
      ranks().insertMany([
        { name: 'Twin', position: 30, permissions: 0 },
        { name: 'Twin too', position: 30, permissions: 0 },
      ]),
    ).rejects.toMatchObject({ kind: 'conflict', message: 'Position 30 is already taken by another rank.' });
    expect(await names()).toEqual(['Head Chef', 'Dishwasher']);
  });
});
