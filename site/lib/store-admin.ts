import type { CreateItemBody, ItemGrantKind, StoreItemView } from '../../plugins/store/schemas.ts';

/** The store item form's fields as typed (each a control's value), and whether the item is on sale. */
export type StoreItemFields = {
  name: string;
  description: string;
  picture: string;
  price: string;
  grantKind: ItemGrantKind;
  perk: string;
  rankID: string;
  days: string;
  coins: string;
  stock: string;
  perUserLimit: string;
};

const text = (value: number | string | null | undefined) => (value == null ? '' : String(value));

/**
 * What the form holds at first: the item in `?edit=`, or a new item (a perk for ever, on sale); the perk and rank
 * choices start at the item's, else at the first offered (`firstPerk`, `firstRank`), as a select shows them.
 */
export function storeItemFields(
  item: StoreItemView | null,
  firstPerk: string,
  firstRank: string,
): { fields: StoreItemFields; onSale: boolean } {
  const grant = item?.grant;
  return {
    fields: {
      name: item?.name ?? '',
      description: item?.description ?? '',
      picture: item?.picture ?? '',
      price: text(item?.price),
      grantKind: grant?.kind ?? 'perk',
      perk: grant?.perk ?? firstPerk,
      rankID: grant?.rankID ?? firstRank,
      days: text(grant?.days),
      coins: text(grant?.coins),
      stock: text(item?.stock),
      perUserLimit: text(item?.perUserLimit),
    },
    onSale: item ? item.onSale : true,
  };
}

/**
 * Site Settings' Store tab: the item form's fields as POST /api/client/store/items and PATCH …/{id} take them, the
 * grant with the fields of its kind only. Not checked here: the route's schema checks it (in the browser before the
 * call, then on the server), so its message names what is wrong; a price or a number of coins left empty is null for
 * the schema to refuse (the contract's type names only what it accepts). Pure: unit-tested.
 */
export function storeItemBody(fields: StoreItemFields, onSale: boolean): CreateItemBody {
  const field = (name: keyof StoreItemFields) => fields[name].trim();
  const number = (name: keyof StoreItemFields) => (field(name) === '' ? null : Number(field(name)));
  const grant =
    fields.grantKind === 'perk'
      ? { kind: 'perk', perk: field('perk'), days: number('days') }
      : fields.grantKind === 'rank'
        ? { kind: 'rank', rankID: field('rankID'), days: number('days') }
        : fields.grantKind === 'coins'
          ? { kind: 'coins', coins: number('coins') }
          : { kind: 'custom' };
  return {
    name: field('name'),
    description: field('description'),
    picture: field('picture') || null,
    price: number('price'),
    grant,
    stock: number('stock'),
    perUserLimit: number('perUserLimit'),
    onSale,
  } as CreateItemBody;
}
