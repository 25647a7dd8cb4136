import { z } from 'zod';
import { publicHttpsProblem, readLink } from '../../core/shared/hosts.ts';
import { AnswerIdSchema, isId, snowflakeId } from '../../core/shared/ids.ts';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { displayName, storableText, text } from '../../core/shared/text.ts';
import { type UserSummary, UserSummarySchema } from '../../core/shared/user-summary.ts';
import type { ordersCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof ordersCatalogue>('orders');

/**
 * The orders contract: route schemas, views, and the image URL rule, shared by the API, the site and the bot.
 * Pure module (no Node, no database).
 */

export const ORDER_STATUS = {
  ORDERED: 'ORDERED',
  CLAIMED: 'CLAIMED',
  PREPARING: 'PREPARING',
  READY: 'READY',
  DELIVERED: 'DELIVERED',
  CANCELLED: 'CANCELLED',
  DELETED: 'DELETED',
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUS_LIST = Object.values(ORDER_STATUS) as OrderStatus[];
/** The states the order manager shows; the rest are history. */
export const ACTIVE_STATUSES: readonly OrderStatus[] = ['ORDERED', 'CLAIMED', 'PREPARING', 'READY'];

/** orderID: 6 characters without look-alikes (no 0/O, 1/I/L). */
export const ORDER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ORDER_CODE_LENGTH = 6;
const ORDER_CODE_RE = new RegExp(`^[${ORDER_CODE_ALPHABET}]{${ORDER_CODE_LENGTH}}$`);

export const MAX_ITEM_LENGTH = 200;
export const MAX_CHEF_NOTE_LENGTH = 500;
export const MAX_REASON_LENGTH = 500;
export const MAX_IMAGES = 3;
export const MAX_IMAGE_URL_LENGTH = 512;

export const MentionSchema = z.strictObject({ id: AnswerIdSchema, name: z.string() });
export type Mention = z.output<typeof MentionSchema>;

/** Who someone is, as every order list shows them: core's one person schema, for those who read orders. */
export { type UserSummary, UserSummarySchema };

/**
 * An order as the API, the gateway events and the bot see it: JSON-safe (ISO strings), small enough for a
 * PostgreSQL NOTIFY (< 8000 bytes: item 200, note 500, reasons 500, three URLs of 512).
 */
export const OrderViewSchema = z.strictObject({
  id: AnswerIdSchema,
  orderID: z.string(),
  status: z.enum(ORDER_STATUS_LIST as [OrderStatus, ...OrderStatus[]]),
  item: z.string(),
  priority: z.int(),
  guildId: AnswerIdSchema.nullable(),
  channelId: AnswerIdSchema.nullable(),
  orderedBy: UserSummarySchema,
  mentions: z.array(MentionSchema),
  claimedBy: UserSummarySchema.nullable(),
  claimExpiresAt: AnswerMomentSchema.nullable(),
  preparedBy: UserSummarySchema.nullable(),
  images: z.array(z.string()),
  chefNote: z.string().nullable(),
  assignedDriver: UserSummarySchema.nullable(),
  assignmentExpiresAt: AnswerMomentSchema.nullable(),
  deliveredBy: UserSummarySchema.nullable(),
  report: z.boolean(),
  reportReason: z.string().nullable(),
  deliveryFailed: z.boolean(),
  cancelReason: z.string().nullable(),
  deleteReason: z.string().nullable(),
  deletedBy: AnswerIdSchema.nullable(),
  /** ORDERED: when the order is cancelled if nobody claims it. */
  cancelAt: AnswerMomentSchema.nullable(),
  orderedAt: AnswerMomentSchema,
  claimedAt: AnswerMomentSchema.nullable(),
  prepareStartedAt: AnswerMomentSchema.nullable(),
  /** PREPARING: when cooking is done; later: when it was. */
  readyAt: AnswerMomentSchema.nullable(),
  assignedAt: AnswerMomentSchema.nullable(),
  deliveredAt: AnswerMomentSchema.nullable(),
  cancelledAt: AnswerMomentSchema.nullable(),
  deletedAt: AnswerMomentSchema.nullable(),
  /** The last change: lets a client keep the newest of two versions that arrive out of order. */
  updatedAt: AnswerMomentSchema,
});
export type OrderView = z.output<typeof OrderViewSchema>;

export const OrdersResponseSchema = z.strictObject({ orders: z.array(OrderViewSchema) });
export type OrdersResponse = z.output<typeof OrdersResponseSchema>;
export const OrderResponseSchema = z.strictObject({ order: OrderViewSchema });
export type OrderResponse = z.output<typeof OrderResponseSchema>;

/** `{id}` in order paths: the order's snowflake id or its orderID (case-insensitive). */
export const OrderRefSchema = z
  .string()
  // The rule first, and it stops there: a NUL in an order ID gets this message rather than the general text one.
  .check(
    z.refine((v: string) => ORDER_CODE_RE.test(v.toUpperCase()) || isId(v), {
      ...said('schema.orderRef', 'Order ID is not an order id nor an orderID'),
      abort: true,
    }),
    storableText,
  )
  .transform((v) => (/^\d+$/.test(v) ? v : v.toUpperCase()));
export const OrderRefParamsSchema = z.strictObject({ id: OrderRefSchema });

export const UserIdParamsSchema = z.strictObject({ id: snowflakeId('User') });

export const ImageUrlSchema = text().trim().min(1).max(MAX_IMAGE_URL_LENGTH);

export const PrepareBodySchema = z.strictObject({
  images: z
    .array(ImageUrlSchema)
    .min(1, said('schema.noImage', 'Add at least one image.'))
    .max(MAX_IMAGES, said('schema.tooManyImages', `At most ${MAX_IMAGES} images.`, { max: MAX_IMAGES })),
  chefNote: text()
    .trim()
    .max(MAX_CHEF_NOTE_LENGTH)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type PrepareBody = z.input<typeof PrepareBodySchema>;
export type PrepareInput = z.output<typeof PrepareBodySchema>;

export const DeliverBodySchema = z
  .strictObject({
    report: z.boolean().default(false),
    reportReason: text()
      .trim()
      .max(MAX_REASON_LENGTH)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .nullish()
  .transform((v) => v ?? { report: false, reportReason: null })
  .refine((v) => !v.report || v.reportReason !== null, said('schema.reportReason', 'A report needs a reason.'));
export type DeliverInput = z.output<typeof DeliverBodySchema>;

export const DeleteBodySchema = z.strictObject({ reason: text().trim().min(1).max(MAX_REASON_LENGTH) });
export type DeleteInput = z.output<typeof DeleteBodySchema>;

export const ImageSearchBodySchema = z.strictObject({ query: text().trim().min(1).max(100) });

export const ImageSearchResultSchema = z.strictObject({
  url: z.string(),
  /** The food lookup item's name or the order's item text. */
  label: z.string(),
  source: z.enum(['food-lookup', 'order']),
});
export type ImageSearchResult = z.output<typeof ImageSearchResultSchema>;
export const ImageSearchResponseSchema = z.strictObject({ images: z.array(ImageSearchResultSchema) });
export type ImageSearchResponse = z.output<typeof ImageSearchResponseSchema>;
export const UploadResponseSchema = z.strictObject({
  /** `/uploads/<name>` (local storage) or the image host's link. */
  link: z.string(),
});
export type UploadResponse = z.output<typeof UploadResponseSchema>;

export const LEADERBOARD_PERIODS = ['day', 'week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LeaderboardQuerySchema = z.strictObject({ period: z.enum(LEADERBOARD_PERIODS).default('all') });

export const LeaderboardEntrySchema = z.strictObject({
  user: UserSummarySchema,
  orders: z.int().min(0),
  /** Whether they have signed in here, so their profile page exists (a customer may order through the bot only). */
  hasProfile: z.boolean(),
});
export type LeaderboardEntry = z.output<typeof LeaderboardEntrySchema>;
/** A team on the board (plugins/teams fills these in; the orders plugin knows no more of teams). */
export const LeaderboardTeamEntrySchema = z.strictObject({
  team: z.strictObject({
    id: AnswerIdSchema,
    name: z.string(),
    colour: z.string(),
    textColour: z.string(),
    icon: z.string(),
  }),
  orders: z.int().min(0),
});
export type LeaderboardTeamEntry = z.output<typeof LeaderboardTeamEntrySchema>;
export const LeaderboardSchema = z.strictObject({
  period: z.enum(LEADERBOARD_PERIODS),
  generatedAt: AnswerMomentSchema,
  chefs: z.array(LeaderboardEntrySchema),
  drivers: z.array(LeaderboardEntrySchema),
  customers: z.array(LeaderboardEntrySchema),
  /** Top teams: empty while teamsEnabled is off (or without the teams plugin). */
  teams: z.array(LeaderboardTeamEntrySchema),
});
export type Leaderboard = z.output<typeof LeaderboardSchema>;
export const LeaderboardResponseSchema = z.strictObject({ leaderboard: LeaderboardSchema });

/** A user's delivered (not reported) orders: as customer, as chef, as driver. */
export interface OrderFigures {
  ordered: number;
  prepared: number;
  delivered: number;
}
/** A staff member's work in a period: orders they prepared and delivered (delivered and not reported). */
export interface WorkFigures {
  prepared: number;
  delivered: number;
}
export interface ShiftFigures {
  /** Since 00:00 UTC. */
  today: WorkFigures;
  /** The last 7 days. */
  week: WorkFigures;
  /** The 7 days before those. */
  lastWeek: WorkFigures;
}
export interface OrderStats {
  /** Delivered (not reported) since 00:00 UTC. */
  deliveredToday: number;
  activeOrders: number;
}

export const DeliveryQueueEntryViewSchema = z.strictObject({
  userID: AnswerIdSchema,
  user: UserSummarySchema,
  joinedAt: AnswerMomentSchema,
  lastAssignedAt: AnswerMomentSchema.nullable(),
});
export type DeliveryQueueEntryView = z.output<typeof DeliveryQueueEntryViewSchema>;
/** The delivery queue, first in line first. */
export const DeliveryQueueResponseSchema = z.strictObject({ queue: z.array(DeliveryQueueEntryViewSchema) });
/** Joining or leaving: the caller's place as it now is. */
export const DeliveryQueueEntryResponseSchema = z.strictObject({ queue: DeliveryQueueEntryViewSchema });

export const OrderFeedbackViewSchema = z.strictObject({
  orderId: AnswerIdSchema,
  orderID: z.string(),
  user: AnswerIdSchema,
  stars: z.int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: AnswerMomentSchema,
});
export type OrderFeedbackView = z.output<typeof OrderFeedbackViewSchema>;

/** What customers said of one person's work: the ratings of orders they prepared or delivered. */
export const UserFeedbackViewSchema = z.strictObject({
  /** Mean stars, one decimal; null with no ratings. */
  average: z.number().nullable(),
  count: z.int().min(0),
  /** The latest 20, newest first. */
  recent: z.array(
    OrderFeedbackViewSchema.extend({ item: z.string(), role: z.enum(['chef', 'driver', 'chef and driver']) }),
  ),
});
export type UserFeedbackView = z.output<typeof UserFeedbackViewSchema>;
export const UserFeedbackResponseSchema = z.strictObject({ feedback: UserFeedbackViewSchema });

// Food lookup
export const FoodLookupSearchQuerySchema = z.strictObject({ query: text().trim().max(100).optional() });
export const FoodLookupSearchBodySchema = z.strictObject({ query: text().trim().min(1).max(100) });
const FoodImagesSchema = z.array(ImageUrlSchema).min(1).max(10);
const KeywordsSchema = z.array(text().trim().toLowerCase().min(1).max(50)).max(30);
const FoodNameSchema = displayName({ what: said.phrase('schema.name.food', 'A food name'), max: 100 });
export const FoodLookupCreateBodySchema = z.strictObject({
  name: FoodNameSchema,
  keywords: KeywordsSchema.default([]),
  images: FoodImagesSchema,
});
export type FoodLookupCreateInput = z.output<typeof FoodLookupCreateBodySchema>;
export const FoodLookupUpdateBodySchema = z
  .strictObject({
    name: FoodNameSchema.optional(),
    keywords: KeywordsSchema.optional(),
    images: FoodImagesSchema.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, said('schema.nothingToChange', 'Nothing to change'));
export type FoodLookupUpdateInput = z.output<typeof FoodLookupUpdateBodySchema>;
export const FoodLookupIdParamsSchema = z.strictObject({ id: snowflakeId('Food lookup') });

export const FoodLookupItemViewSchema = z.strictObject({
  id: AnswerIdSchema,
  name: z.string(),
  keywords: z.array(z.string()),
  images: z.array(z.string()),
  createdBy: AnswerIdSchema.nullable(),
  createdAt: AnswerMomentSchema,
  updatedAt: AnswerMomentSchema,
});
export type FoodLookupItemView = z.output<typeof FoodLookupItemViewSchema>;
/** The food lookup's items (a list or a search). */
export const FoodLookupListResponseSchema = z.strictObject({ lookup: z.array(FoodLookupItemViewSchema) });
/** One item: created, edited or deleted. */
export const FoodLookupItemResponseSchema = z.strictObject({ lookup: FoodLookupItemViewSchema });

// Images
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
/** Our own uploads: `/uploads/<random>.<ext>`. */
export const UPLOAD_NAME_RE = /^[A-Za-z0-9_-]{16,64}\.(png|jpe?g|gif|webp)$/;
/** GET /uploads/:name: any name is taken; one that is not a stored upload's (UPLOAD_NAME_RE) is a 404. */
export const UploadParamsSchema = z.object({
  name: text().describe('A stored upload’s name: 16–64 letters, digits, _ or -, and its image extension.'),
});
/** The site's own food pictures (site/public/food/). */
const SITE_FOOD_RE = /^\/food\/[a-z0-9-]{1,64}\.(svg|png|jpe?g|gif|webp)$/;
const EXTERNAL_IMAGE_PATH_RE = /\.(png|jpe?g|gif|webp)$/i;

/** How core's link rule words an image URL's problems: this catalogue's `schema.imageUrl.*` (core/shared/hosts.ts). */
const IMAGE_URLS = { what: 'Image URLs', owner: 'orders', prefix: 'schema.imageUrl' } as const;

export interface ImageUrlRules {
  /** The site's origin (PUBLIC_URL): `${publicUrl}/uploads/…` is ours. */
  publicUrl: string;
  /** The image host's origin, when one is configured: its links are accepted as they are. */
  imageHostOrigin?: string | undefined;
  /** Exact URLs known to be food pictures (food lookup items). */
  known?: ReadonlySet<string>;
}

/**
 * Why an order image URL is refused, or null when it is accepted. Accepted: our uploads (`/uploads/<name>`,
 * relative or under PUBLIC_URL), the site's food pictures (`/food/<name>`), links on the image host, a food lookup
 * item's image, and any other `https:` URL on a public host whose path ends in an image extension. The server never
 * fetches it, but every chef's browser does: core's public-link rule (core/shared/hosts.ts: no backslash, no
 * credentials, https on a public host) for everything but our own uploads and the image host.
 */
export function imageUrlProblem(raw: string, rules: ImageUrlRules): string | null {
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.includes('\\')) {
    const name = raw.slice('/uploads/'.length);
    if (raw.startsWith('/uploads/') && UPLOAD_NAME_RE.test(name)) return null;
    if (SITE_FOOD_RE.test(raw)) return null;
    if (rules.known?.has(raw)) return null;
    return said.text('schema.imageUrl.notOurs', `${raw} is not one of our images.`, { link: raw });
  }
  const url = readLink(raw, IMAGE_URLS);
  if (typeof url === 'string') return url;
  if (
    url.origin === new URL(rules.publicUrl).origin &&
    url.pathname.startsWith('/uploads/') &&
    UPLOAD_NAME_RE.test(url.pathname.slice(9))
  )
    return null;
  if (
    rules.imageHostOrigin &&
    url.origin === rules.imageHostOrigin &&
    (url.protocol === 'https:' || url.protocol === 'http:')
  )
    return null;
  const problem = publicHttpsProblem(url, IMAGE_URLS);
  if (problem) return problem;
  if (rules.known?.has(raw)) return null;
  if (!EXTERNAL_IMAGE_PATH_RE.test(url.pathname))
    return said.text('schema.imageUrl.extension', 'An image URL must end in .png, .jpg, .jpeg, .gif or .webp.');
  return null;
}
