import { describe, expect, it } from 'vitest';
import { type StoreItemFields, storeItemBody, storeItemFields } from './store-admin.ts';

const base: StoreItemFields = {
  name: ' Hat ',
  description: ' Warm ',
  picture: ' ',
  price: '120',
  grantKind: 'custom',
  perk: 'FEEDBACK_BETA',
  rankID: '1400000000000000001',
  days: '30',
  coins: '500',
  stock: '',
  perUserLimit: '2',
};

describe('the store item form as the API takes it', () => {
  it('trims the text, sends empty fields as null and numbers as numbers', () => {
    expect(storeItemBody(base, true)).toEqual({
      name: 'Hat',
      description: 'Warm',
      picture: null,
      price: 120,
      grant: { kind: 'custom' },
      stock: null,
      perUserLimit: 2,
      onSale: true,
    });
    expect(storeItemBody({ ...base, price: '' }, false)).toMatchObject({ price: null, onSale: false });
  });

  it('sends the grant with the fields of its kind only', () => {
    const grant = (grantKind: StoreItemFields['grantKind']) => storeItemBody({ ...base, grantKind }, true).grant;
    expect(grant('perk')).toEqual({ kind: 'perk', perk: 'FEEDBACK_BETA', days: 30 });
    expect(grant('rank')).toEqual({ kind: 'rank', rankID: '1400000000000000001', days: 30 });
    expect(grant('coins')).toEqual({ kind: 'coins', coins: 500 });
    expect(grant('custom')).toEqual({ kind: 'custom' });
    expect(storeItemBody({ ...base, days: '', grantKind: 'perk' }, true).grant).toMatchObject({ days: null });
  });

  it('starts from the item edited, or a new item granting the first perk for ever, on sale', () => {
    expect(storeItemFields(null, 'FEEDBACK_BETA', '1')).toEqual({
      fields: {
        name: '',
        description: '',
        picture: '',
        price: '',
        grantKind: 'perk',
        perk: 'FEEDBACK_BETA',
        rankID: '1',
        days: '',
        coins: '',
        stock: '',
        perUserLimit: '',
      },
      onSale: true,
    });
    const item = {
      id: '1500000000000000001',
      name: 'Mug',
      description: '',
      picture: null,
      price: 45,
      grant: { kind: 'coins' as const, coins: 10 },
      stock: 0,
      perUserLimit: null,
      onSale: false,
    };
    expect(storeItemFields(item, 'FEEDBACK_BETA', '1')).toMatchObject({
      fields: { price: '45', grantKind: 'coins', coins: '10', stock: '0', perUserLimit: '', perk: 'FEEDBACK_BETA' },
      onSale: false,
    });
  });
});
