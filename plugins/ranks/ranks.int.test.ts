import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../core/demo-data.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { plugins } from '../index.ts';
import { rankTextColour } from './schemas.ts';

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
