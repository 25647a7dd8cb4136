import { z } from 'zod';
import { publicLinkProblem } from '../../core/shared/hosts.ts';
import { AnswerIdSchema, snowflakeId } from '../../core/shared/ids.ts';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import { PERKS } from '../../core/shared/permissions.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { displayName, text } from '../../core/shared/text.ts';
import type { storeCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof storeCatalogue>('store');

/**
 * The store's contract (coins, hourly, items, purchases, gifts; docs/store.md). Shared by the server, the site and
 * the bot: no entities, services or database here.
 */

/** Every kind of change to a balance; each ledger row has one. */
export const COIN_KINDS = ['HOURLY', 'PURCHASE', 'GIFT_SENT', 'GIFT_RECEIVED', 'REWARD', 'ADMIN', 'REFUND'] as const;
export type CoinKind = (typeof COIN_KINDS)[number];

/** What a grant gives: a perk (its name) or a rank (its id). */
export const GRANT_KINDS = ['perk', 'rank'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

/** Who gave a grant; with the grant's `sourceRef` (a purchase, a subscription, an objective) it names the grant. */
export const GRANT_SOURCES = ['purchase', 'subscription', 'objective', 'sponsor'] as const;
export type GrantSource = (typeof GRANT_SOURCES)[number];

/** No balance, price or reward goes beyond this: far above any real one, far below 2^31 (an integer column). */
export const MAX_COINS = 1_000_000_000;

/** One ledger row: a change to a user's balance. */
export const CoinTransactionViewSchema = z.strictObject({
  id: AnswerIdSchema,
  /** Signed: a credit is positive, a debit negative (never 0). */
  amount: z.int(),
  kind: z.enum(COIN_KINDS),
  /** What made the change (`hourly:…`, `admin:…`, a purchase…): each reference is applied once. */
  reference: z.string(),
  reason: z.string().nullable(),
  createdAt: AnswerMomentSchema,
});
export type CoinTransactionView = z.output<typeof CoinTransactionViewSchema>;

export const GrantViewSchema = z.strictObject({
  id: AnswerIdSchema,
  kind: z.enum(GRANT_KINDS),
  /** The perk's name, or the rank's id. */
  value: z.string(),
  source: z.enum(GRANT_SOURCES),
  sourceRef: z.string(),
  startedAt: AnswerMomentSchema,
  /** null: for ever (or as long as its source lasts, for a subscription). */
  endsAt: AnswerMomentSchema.nullable(),
});
export type GrantView = z.output<typeof GrantViewSchema>;

// A user's wallet and a user manager's adjustment (the hourly reward and sponsors: earning-schemas.ts).

/** The kinds of ledger rows as people read them (the profile's transaction list). */
export const COIN_KIND_LABELS: Record<CoinKind, string> = {
  HOURLY: 'Hourly reward',
  PURCHASE: 'Purchase',
  GIFT_SENT: 'Gift sent',
  GIFT_RECEIVED: 'Gift received',
  REWARD: 'Reward',
  ADMIN: 'Adjustment by staff',
  REFUND: 'Refund',
};

/** How many ledger rows a wallet view lists. */
export const RECENT_TRANSACTIONS = 20;

/** GET /api/client/users/{id}/wallet: the user themself or a user manager. */
export const WalletViewSchema = z.strictObject({
  balance: z.int().min(0),
  /** The latest ledger rows (RECENT_TRANSACTIONS), newest first. */
  transactions: z.array(CoinTransactionViewSchema),
});
export type WalletView = z.output<typeof WalletViewSchema>;

export const MAX_ADJUST_REASON = 500;

/**
 * POST /api/client/admin/users/{id}/coins: a user manager adds (positive) or takes (negative) coins, with a reason
 * the user reads in their transactions.
 */
export const AdjustCoinsBodySchema = z.strictObject({
  amount: z
    .int(said('schema.wholeCoins', 'A whole number of coins'))
    .min(-MAX_COINS)
    .max(MAX_COINS)
    .refine((n) => n !== 0, said('schema.amountZero', 'The amount cannot be 0.')),
  reason: text()
    .trim()
    .min(3, said('schema.reasonTooShort', 'A reason is at least 3 characters.', { min: 3 }))
    .max(MAX_ADJUST_REASON),
});
export type AdjustCoinsInput = z.infer<typeof AdjustCoinsBodySchema>;

/** The balance after the adjustment, and its ledger row. */
export const AdjustCoinsResponseSchema = z.strictObject({
  balance: z.int().min(0),
  transaction: CoinTransactionViewSchema,
});
export type AdjustCoinsResponse = z.output<typeof AdjustCoinsResponseSchema>;

// Items, purchases and gifts (docs/store.md, "Items" and "Purchases").

/** What an item gives: a perk, a rank (for N days or for ever), coins, or a custom reward staff fulfil by hand. */
export const ITEM_GRANT_KINDS = ['perk', 'rank', 'coins', 'custom'] as const;
export type ItemGrantKind = (typeof ITEM_GRANT_KINDS)[number];

/** granted: given at once; awaiting: a custom reward staff have not fulfilled yet; fulfilled: staff did. */
export const PURCHASE_STATUSES = ['granted', 'awaiting', 'fulfilled'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const ITEM_PRICE_MAX = 1_000_000;
export const ITEM_COINS_MAX = 1_000_000;
export const ITEM_STOCK_MAX = 1_000_000;
export const ITEM_LIMIT_MAX = 1_000;
export const ITEM_DAYS_MAX = 3_650;

const days = z.number().int().min(1).max(ITEM_DAYS_MAX).nullable();

/**
 * What the item grants: `kind`, and the field that kind needs (`perk`, or `rankID`, each with `days`, null: for ever;
 * or `coins`). One flat object rather than a union, so a bad field is a 400 naming that field.
 */
export const ItemGrantSchema = z
  .strictObject({
    kind: z.enum(ITEM_GRANT_KINDS),
    perk: z.enum(PERKS).optional(),
    rankID: snowflakeId('Rank').optional(),
    days: days.optional(),
    coins: z.number().int().min(1).max(ITEM_COINS_MAX).optional(),
  })
  .superRefine((grant, ctx) => {
    const need = { perk: 'perk', rank: 'rankID', coins: 'coins', custom: null } as const;
    const field = need[grant.kind];
    if (field && grant[field] === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: said.text('schema.grantField', `Required for a ${grant.kind} item`, { kind: grant.kind }),
      });
  });
export type ItemGrant = z.infer<typeof ItemGrantSchema>;

const itemFields = {
  name: displayName({ what: said.phrase('schema.name.item', 'An item name'), max: 100 }),
  description: text().trim().max(1000),
  /**
   * An https address of a picture (the /store page allows any https image), or null: the card shows the grant's icon.
   * Every visitor's browser loads it: core's public-link rule, as for order images (never a private or local address).
   */
  picture: text()
    .trim()
    .max(500)
    .superRefine((value, ctx) => {
      const problem = publicLinkProblem(value, { what: 'A picture', owner: 'store', prefix: 'schema.picture' });
      if (problem) ctx.addIssue({ code: 'invalid_format', format: 'url', input: value, message: problem });
    })
    .nullable(),
  price: z.number().int().min(1).max(ITEM_PRICE_MAX),
  grant: ItemGrantSchema,
  /** null: unlimited. */
  stock: z.number().int().min(0).max(ITEM_STOCK_MAX).nullable(),
  /** How many of this item one user may receive (bought for themself or gifted); null: no limit. */
  perUserLimit: z.number().int().min(1).max(ITEM_LIMIT_MAX).nullable(),
  onSale: z.boolean(),
};

/** POST /api/client/store/items (MANAGE_SETTINGS). */
export const CreateItemBodySchema = z.strictObject({
  ...itemFields,
  description: itemFields.description.default(''),
  picture: itemFields.picture.default(null),
  stock: itemFields.stock.default(null),
  perUserLimit: itemFields.perUserLimit.default(null),
  onSale: itemFields.onSale.default(true),
});
export type CreateItemBody = z.infer<typeof CreateItemBodySchema>;

/** PATCH /api/client/store/items/{id} (MANAGE_SETTINGS): the fields to change. `stock` sets it as given. */
export const UpdateItemBodySchema = z
  .strictObject(itemFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, said('schema.nothingToChange', 'Change at least one field'));
export type UpdateItemBody = z.infer<typeof UpdateItemBodySchema>;

/** POST /api/client/store/items/{id}/restock (MANAGE_SETTINGS): adds to a counted stock. */
export const RestockBodySchema = z.strictObject({ add: z.number().int().min(1).max(ITEM_STOCK_MAX) });

export const ItemIdParamsSchema = z.strictObject({ id: snowflakeId('Item') });
/** POST …/purchases/{id}/fulfil: a purchase's id. */
export const PurchaseIdParamsSchema = z.strictObject({ id: snowflakeId('Purchase') });

/** POST /api/client/store/items/purchase (§7): the item, and the user it is a gift for. */
export const PurchaseBodySchema = z.strictObject({
  id: snowflakeId('Item'),
  giftUserID: snowflakeId('User').nullable().optional(),
});
export type PurchaseBody = z.infer<typeof PurchaseBodySchema>;

/** GET /api/client/store/recipient?query=: an exact user ID or username. */
export const RecipientQuerySchema = z.strictObject({ query: text().trim().min(1).max(64) });

/** GET /api/client/store/items/purchases?status= (MANAGE_SETTINGS). */
export const PurchasesQuerySchema = z.strictObject({ status: z.enum(PURCHASE_STATUSES).default('awaiting') });

/** What an item grants, as answers show it: `kind`, and the fields of that kind (as ItemGrantSchema takes them). */
export const ItemGrantViewSchema = z.strictObject({
  kind: z.enum(ITEM_GRANT_KINDS),
  perk: z.string().optional(),
  rankID: AnswerIdSchema.optional(),
  /** The rank's name now (null: the rank was deleted). */
  rankName: z.string().nullable().optional(),
  /** null: for ever. */
  days: z.int().min(1).nullable().optional(),
  coins: z.int().min(1).optional(),
});
export type ItemGrantView = z.output<typeof ItemGrantViewSchema>;

/** GET /api/client/store/items → items: what customers see (on sale only). */
export const StoreItemViewSchema = z.strictObject({
  id: AnswerIdSchema,
  name: z.string(),
  description: z.string(),
  picture: z.string().nullable(),
  price: z.int().min(0),
  grant: ItemGrantViewSchema,
  /** null: unlimited. */
  stock: z.int().min(0).nullable(),
  /** null: no limit. */
  perUserLimit: z.int().min(1).nullable(),
  onSale: z.boolean(),
});
export type StoreItemView = z.output<typeof StoreItemViewSchema>;

/** The store screen's list: every item, with how many were bought. */
export const AdminStoreItemViewSchema = StoreItemViewSchema.extend({
  sold: z.int().min(0),
  createdAt: AnswerMomentSchema,
  updatedAt: AnswerMomentSchema,
});
export type AdminStoreItemView = z.output<typeof AdminStoreItemViewSchema>;

export const StorePersonSchema = z.strictObject({
  id: AnswerIdSchema,
  name: z.string(),
  avatar: z.string().nullable(),
});
export type StorePerson = z.output<typeof StorePersonSchema>;

/** POST …/purchase → purchased. */
export const PurchaseViewSchema = z.strictObject({
  id: AnswerIdSchema,
  itemID: AnswerIdSchema,
  itemName: z.string(),
  price: z.int().min(0),
  buyer: StorePersonSchema,
  /** Who received it: the buyer, or the gift's recipient. */
  recipient: StorePersonSchema,
  gift: z.boolean(),
  status: z.enum(PURCHASE_STATUSES),
  /** When a timed perk or rank ends; null: for ever, or nothing timed. */
  endsAt: AnswerMomentSchema.nullable(),
  createdAt: AnswerMomentSchema,
  fulfilledAt: AnswerMomentSchema.nullable(),
});
export type PurchaseView = z.output<typeof PurchaseViewSchema>;

export const PurchaseResponseSchema = z.strictObject({
  purchased: PurchaseViewSchema,
  /** The buyer's balance after paying. */
  balance: z.int().min(0),
});
export type PurchaseResponse = z.output<typeof PurchaseResponseSchema>;

/** A gift's recipient as the buy dialog confirms it: ID, name and avatar, nothing else. */
export const RecipientViewSchema = StorePersonSchema;
export type RecipientView = z.output<typeof RecipientViewSchema>;

/** GET /api/client/store/items: the items on sale, cheapest first. */
export const StoreItemsResponseSchema = z.strictObject({ items: z.array(StoreItemViewSchema) });
/** GET /api/client/store/items/all: every item, on sale first. */
export const AdminStoreItemsResponseSchema = z.strictObject({ items: z.array(AdminStoreItemViewSchema) });
/** One item: created, edited, restocked. */
export const StoreItemResponseSchema = z.strictObject({ item: StoreItemViewSchema });
/** GET /api/client/store/recipient: the user a gift would go to. */
export const RecipientResponseSchema = z.strictObject({ recipient: RecipientViewSchema });
/** GET /api/client/store/items/purchases: the purchases with the status asked for, newest first. */
export const PurchasesResponseSchema = z.strictObject({ purchases: z.array(PurchaseViewSchema) });
/** POST …/purchases/{id}/fulfil: the purchase, fulfilled. */
export const FulfilledPurchaseResponseSchema = z.strictObject({ purchase: PurchaseViewSchema });
