import { describe, expect, it } from 'vitest';
import { storeItemBody } from './store-admin.ts';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const base = { name: ' Hat ', description: ' Warm ', picture: ' ', price: '120', stock: '', perUserLimit: '2' };

describe('the store item form as the API takes it', () => {
  it('trims the text, sends empty fields as null and numbers as numbers', () => {
    expect(storeItemBody(form({ ...base, grantKind: 'custom', onSale: 'on' }))).toEqual({
      name: 'Hat',
      description: 'Warm',
      picture: null,
      price: 120,
      grant: { kind: 'custom' },
      stock: null,
      perUserLimit: 2,
      onSale: true,
    });
    expect(storeItemBody(form({ ...base, price: '', grantKind: 'custom' }))).toMatchObject({
      price: null,
      onSale: false,
    });
  });

  it('sends the grant with the fields of its kind only', () => {
    const all = { perk: 'FEEDBACK_BETA', rankID: '1400000000000000001', days: '30', coins: '500' };
    const grant = (grantKind: string) => storeItemBody(form({ ...base, ...all, grantKind })).grant;
    expect(grant('perk')).toEqual({ kind: 'perk', perk: 'FEEDBACK_BETA', days: 30 });
    expect(grant('rank')).toEqual({ kind: 'rank', rankID: '1400000000000000001', days: 30 });
    expect(grant('coins')).toEqual({ kind: 'coins', coins: 500 });
    expect(grant('custom')).toEqual({ kind: 'custom' });
    expect(storeItemBody(form({ ...base, ...all, days: '', grantKind: 'perk' })).grant).toMatchObject({ days: null });
  });
});
