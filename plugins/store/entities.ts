import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../../core/auth/entities.ts';
import { newId } from '../../core/ids.ts';
import { COIN_KINDS, GRANT_KINDS, GRANT_SOURCES, ITEM_GRANT_KINDS, PURCHASE_STATUSES } from './schemas.ts';

/**
 * A user's coins: the balance lives here, in one column, and never goes below 0 (a check constraint; every debit is
 * a conditional update). A user without a row has 0. `lastHourlyAt` is the last hourly claim.
 */
export const WalletSchema = defineEntity({
  name: 'Wallet',
  tableName: 'wallets',
  checks: [{ name: 'wallets_balance_check', expression: '"balance" >= 0' }],
  properties: {
    user: () => p.oneToOne(UserSchema).primary().owner().deleteRule('cascade'),
    balance: p.integer().default(0),
    lastHourlyAt: p.datetime().nullable(),
  },
});
export type Wallet = InferEntity<typeof WalletSchema>;

/**
 * The ledger: one row per change of a balance, written in the same transaction as the change, so a user's rows
 * sum to their balance. `reference` is unique per user: the same credit or debit applied twice applies once.
 */
export const CoinTransactionSchema = defineEntity({
  name: 'CoinTransaction',
  tableName: 'coin_transactions',
  uniques: [{ properties: ['user', 'reference'] }],
  indexes: [{ properties: ['user', 'createdAt'] }],
  checks: [{ name: 'coin_transactions_amount_check', expression: '"amount" <> 0' }],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade'),
    /** Signed: a credit is positive, a debit negative. */
    amount: p.integer(),
    kind: p.enum(COIN_KINDS),
    reference: p.string().length(128),
    reason: p.text().nullable(),
    createdAt: p.datetime(),
  },
});
export type CoinTransaction = InferEntity<typeof CoinTransactionSchema>;

/**
 * A perk or rank a user holds because of something (a purchase, a subscription, an objective, a sponsor payment),
 * for ever or until `endsAt`. `added`: this grant put the perk in the user's granted perks (no other active grant
 * held it), or the rank on the user (they did not hold it already), so ending the last such grant takes it away
 * again. A perk given by hand lives apart (`users.manual_perks`) and a rank an admin gave by hand is never taken by
 * a grant's end.
 */
export const GrantSchema = defineEntity({
  name: 'Grant',
  tableName: 'grants',
  indexes: [{ properties: ['user', 'kind', 'value', 'source', 'endsAt'] }, { properties: ['endsAt'] }],
  /** One active grant per user, source and thing granted. */
  uniques: [
    {
      name: 'grants_active_unique',
      properties: ['user', 'source', 'sourceRef', 'kind', 'value'],
      where: '"ended_at" is null',
    },
  ],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade'),
    kind: p.enum(GRANT_KINDS),
    value: p.string().length(64),
    source: p.enum(GRANT_SOURCES),
    sourceRef: p.string().length(128),
    added: p.boolean(),
    startedAt: p.datetime(),
    endsAt: p.datetime().nullable(),
    /** When it ended (its time ran out, or its source ended it); null while active. */
    endedAt: p.datetime().nullable(),
  },
});
export type Grant = InferEntity<typeof GrantSchema>;

/**
 * Something the store sells (docs/store.md, "Items"). What it grants is flat: `grantKind` with `grantValue` (the
 * perk's name or the rank's id), `grantDays` (null: for ever) or `grantCoins`. `stock` null: unlimited.
 */
export const StoreItemSchema = defineEntity({
  name: 'StoreItem',
  tableName: 'store_items',
  checks: [
    { name: 'store_items_price_check', expression: '"price" > 0' },
    { name: 'store_items_stock_check', expression: '"stock" is null or "stock" >= 0' },
  ],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    name: p.string().length(100),
    description: p.text().default(''),
    picture: p.text().nullable(),
    price: p.integer(),
    grantKind: p.enum(ITEM_GRANT_KINDS),
    grantValue: p.string().length(64).nullable(),
    grantDays: p.integer().nullable(),
    grantCoins: p.integer().nullable(),
    stock: p.integer().nullable(),
    perUserLimit: p.integer().nullable(),
    onSale: p.boolean().default(true),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type StoreItem = InferEntity<typeof StoreItemSchema>;

/**
 * One purchase: who paid, who received it (the buyer, or a gift's recipient), the price paid and the item's name
 * then. A custom reward waits (`awaiting`) until staff fulfil it. An item anyone bought is never deleted.
 */
export const StorePurchaseSchema = defineEntity({
  name: 'StorePurchase',
  tableName: 'store_purchases',
  indexes: [
    { properties: ['item', 'recipient'] },
    { properties: ['recipient', 'createdAt'] },
    { properties: ['status', 'createdAt'] },
  ],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    item: () => p.manyToOne(StoreItemSchema).deleteRule('restrict').updateRule('cascade'),
    buyer: () => p.manyToOne(UserSchema).deleteRule('cascade').updateRule('cascade'),
    recipient: () => p.manyToOne(UserSchema).deleteRule('cascade').updateRule('cascade'),
    itemName: p.string().length(100),
    price: p.integer(),
    status: p.enum(PURCHASE_STATUSES),
    endsAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    fulfilledAt: p.datetime().nullable(),
    fulfilledBy: p.string().nullable(),
  },
});
export type StorePurchase = InferEntity<typeof StorePurchaseSchema>;

export const storeEntities = [WalletSchema, CoinTransactionSchema, GrantSchema, StoreItemSchema, StorePurchaseSchema];
