import { z } from 'zod';
import { AnswerIdSchema } from '../../core/shared/ids.ts';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import type { Requirement } from '../../core/shared/permissions.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { displayName, text } from '../../core/shared/text.ts';
import { DeliveryMessageTextSchema, PremadeMessageRefSchema } from '../users/schemas.ts';
import type { deliveryMessagesCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof deliveryMessagesCatalogue>('delivery-messages');

/**
 * The premade delivery message directory's contract (specification §3 "Delivery message: _id, slug", §7 "Delivery
 * messages"), shared by the API, the service and the site. The message itself follows the users plugin's delivery
 * message rule (DeliveryMessageTextSchema, DELIVERY_MESSAGE_PLACEHOLDERS): one rule, one placeholder list.
 */

/** The sidebar's rule (§2 Extras), also every route's guard: MANAGE_ORDERS, or the perk DELIVERY_MESSAGE_BETA (§6: ALL permissions OR ALL perks). */
export const DIRECTORY: Requirement = { all: ['MANAGE_ORDERS'], perks: ['DELIVERY_MESSAGE_BETA'] };
/** Who edits and deletes anyone's message (audited when it is someone else's): a user manager. */
export const MESSAGE_MANAGER: Requirement = { all: ['MANAGE_USERS'] };

export const TITLE_MIN = 3;
export const TITLE_MAX = 80;
export const SLUG_MAX = 64;
export const PAGE_SIZE = 20;

/** Lowercase letters, digits and single dashes between them; at least one letter, so a slug never reads as an ID. */
export const SLUG_PATTERN = /^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Pages of their own under /staff/delivery-messages: a message with such a slug could not be opened. */
export const RESERVED_SLUGS: readonly string[] = ['create', 'edit'];
export const SlugSchema = text()
  .trim()
  .min(1)
  .max(SLUG_MAX)
  .regex(SLUG_PATTERN, said('schema.slug', 'A slug is lowercase letters, digits and dashes, with at least one letter.'))
  .refine(
    (slug) => !RESERVED_SLUGS.includes(slug),
    said('schema.slugReserved', 'This slug is the name of a page: choose another.'),
  );

/** A title as a slug: `Thanks, {customer}!` → `thanks-customer`; a title without letters gets `message-` in front. */
export function slugify(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX - 8)
    .replace(/-+$/, '');
  if (RESERVED_SLUGS.includes(base)) return `${base}-message`;
  return /[a-z]/.test(base) ? base : `message${base ? `-${base}` : ''}`;
}

const TitleSchema = displayName({ what: said.phrase('schema.name.title', 'A title'), min: TITLE_MIN, max: TITLE_MAX });

/** POST /api/client/delivery-messages: `slug` optional (from the title; a generated slug that is taken gets `-2`, `-3`…). */
export const CreateDeliveryMessageBodySchema = z.strictObject({
  title: TitleSchema,
  slug: SlugSchema.optional(),
  message: DeliveryMessageTextSchema,
});
export type CreateDeliveryMessageInput = z.infer<typeof CreateDeliveryMessageBodySchema>;

/** PATCH /api/client/delivery-messages/{slug or id}: what changes; a slug another message has is a 409. */
export const UpdateDeliveryMessageBodySchema = z
  .strictObject({
    title: TitleSchema.optional(),
    slug: SlugSchema.optional(),
    message: DeliveryMessageTextSchema.optional(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    said('schema.nothingToChange', 'Nothing to change'),
  );
export type UpdateDeliveryMessageInput = z.infer<typeof UpdateDeliveryMessageBodySchema>;

/** A message's slug or its ID (16 to 20 digits): the users plugin's rule, which its premade-messages route shares. */
export const MessageRefParamsSchema = z.strictObject({ ref: PremadeMessageRefSchema });

/** GET /api/client/delivery-messages?query: `query` searches titles and messages; `mine` keeps the caller's own. */
export const DeliveryMessagesQuerySchema = z.strictObject({
  query: text().trim().max(100).optional(),
  mine: z.enum(['true', 'false']).optional(),
  sort: z.enum(['uses', 'createdAt', 'title']).default('uses'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type DeliveryMessagesQuery = z.output<typeof DeliveryMessagesQuerySchema>;

/** A message's author. */
export const DeliveryMessagePersonSchema = z.strictObject({
  id: AnswerIdSchema,
  username: z.string(),
  displayName: z.string().nullable(),
});
export type DeliveryMessagePerson = z.output<typeof DeliveryMessagePersonSchema>;

/** A message as the directory shows it to the caller. */
export const DeliveryMessageViewSchema = z.strictObject({
  _id: AnswerIdSchema,
  slug: z.string(),
  title: z.string(),
  message: z.string(),
  /** null once the author's account is gone: the message stays in the directory. */
  author: DeliveryMessagePersonSchema.nullable(),
  uses: z.int(),
  createdAt: AnswerMomentSchema,
  updatedAt: AnswerMomentSchema,
  /** Whether the caller may edit and delete it (its author, or a user manager). */
  editable: z.boolean(),
});
export type DeliveryMessageView = z.output<typeof DeliveryMessageViewSchema>;

/** GET /api/client/delivery-messages: a page of messages, and how many match in all. */
export const DeliveryMessagesResponseSchema = z.strictObject({
  deliveryMessages: z.array(DeliveryMessageViewSchema),
  total: z.int(),
});
export type DeliveryMessagesResponse = z.output<typeof DeliveryMessagesResponseSchema>;

/** One message: what creating (201), reading and changing one answer. */
export const DeliveryMessageResponseSchema = z.strictObject({ deliveryMessage: DeliveryMessageViewSchema });

/** The sample order every preview fills a message with (the directory, the editor). */
export const SAMPLE_ORDER = {
  customer: '@Casey Customer',
  chef: 'Charlie Chef',
  driver: 'Dana Driver',
  item: 'Double Cheeseburger',
  orderID: 'A1B2C3',
} as const;
