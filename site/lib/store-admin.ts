import type { CreateItemBody } from '../../plugins/store/item-schemas.ts';

const field = (data: FormData, name: string) => String(data.get(name) ?? '').trim();
/** A number field: null when left empty. */
const numberOf = (data: FormData, name: string) => (field(data, name) === '' ? null : Number(field(data, name)));

/**
 * Site Settings' Store tab: the item form's data as POST /api/client/store/items and PATCH …/{id} take it, the grant
 * with the fields of its kind only. Checked by the server only, so its 400 names what is wrong: a price or a number
 * of coins left empty is sent as null for it to refuse (the contract's type names only what it accepts). Pure:
 * unit-tested.
 */
export function storeItemBody(data: FormData): CreateItemBody {
  const number = (name: string) => numberOf(data, name);
  const grant =
    data.get('grantKind') === 'perk'
      ? { kind: 'perk', perk: field(data, 'perk'), days: number('days') }
      : data.get('grantKind') === 'rank'
        ? { kind: 'rank', rankID: field(data, 'rankID'), days: number('days') }
        : data.get('grantKind') === 'coins'
          ? { kind: 'coins', coins: number('coins') }
          : { kind: 'custom' };
  return {
    name: field(data, 'name'),
    description: field(data, 'description'),
    picture: field(data, 'picture') || null,
    price: number('price'),
    grant,
    stock: number('stock'),
    perUserLimit: number('perUserLimit'),
    onSale: data.get('onSale') === 'on',
  } as CreateItemBody;
}
