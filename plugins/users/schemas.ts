import { z } from 'zod';
import { ID_DIGITS, snowflakeId } from '../../core/shared/ids.ts';
import { PERKS } from '../../core/shared/permissions.ts';
import { displayName, text } from '../../core/shared/text.ts';

/** A Discord snowflake in a path or body; the specification's exact message otherwise. */
export const UserIdSchema = snowflakeId('User');
export const UserIdParamsSchema = z.strictObject({ id: UserIdSchema });

export const AuthenticateBodySchema = z.strictObject({
  code: text().min(1).max(512),
  /** The OAuth state from the callback URL: must match the one this browser was sent off with. */
  state: text().min(1).max(512),
});
export type AuthenticateBody = z.infer<typeof AuthenticateBodySchema>;

/** DELETE /api/client/sessions: a token to end (it must be the caller's), or none for the current session. */
export const EndSessionBodySchema = z.strictObject({ sessionToken: text().min(1).max(256).optional() }).nullable();

export const DevSignInBodySchema = z.strictObject({ userId: UserIdSchema });

export const LoginQuerySchema = z.object({ redirect: text().max(2048).optional() });

/** What anyone may see of a user. */
export interface PublicUserView {
  id: string;
  username: string;
  displayName: string | null;
  discriminator: string;
  avatar: string | null;
  /** Rank ids, highest first. */
  ranks: string[];
  /** The highest rank's id. */
  rank: string | null;
  flags: number;
  createdAt: string;
}

/** What a user sees of themself (and managers of them). */
export interface UserView extends PublicUserView {
  /** Effective: their own OR their ranks'. */
  permissions: number;
  perks: string[];
  ban: { active: boolean; reason: string | null; expires: string | null } | null;
  settings: { deliveryMessage?: { message: string } };
}

/**
 * Where a perk or rank held by a grant (a plan, a store purchase, an objective's reward) comes from: it ends with
 * that, and the user manager's edits neither remove nor give it (docs/decisions.md, "Money and billing (issue 39)").
 * The store's grants fill it in (plugins/store/grants.ts `heldOf`).
 */
export interface GrantOrigin {
  /** What gave it: `subscription`, `purchase`, `objective` or `sponsor`. */
  source: string;
  /** The plan's, the item's or the objective's name, where known. */
  sourceName: string | null;
  /** When the grant ends; null: when its source ends it (a plan), or never. */
  endsAt: string | null;
}

/** A perk a user holds because of a grant. */
export interface GrantedPerkView extends GrantOrigin {
  perk: string;
}

/** A rank a user holds because of a grant: `rank` is its id. */
export interface GrantedRankView extends GrantOrigin {
  rank: string;
}

/**
 * §3 "User: … rank, team": the user objects the API answers (`@me`, `/api/v3/users/{id}`, the admin user list) carry
 * their team's id (the `_id` of GET /api/client/teams, as `rank` is a rank's id), null when they have none or the
 * caller does not see teams (teamsEnabled off, and not a team manager).
 */
export interface WithTeam {
  team: string | null;
}

export interface MeResponse {
  user: UserView & WithTeam;
  /** The sponsor payment token (docs/store.md "Sponsors"); null when sponsor payments are not set up. */
  nitroPayToken: string | null;
}

export interface AuthenticateResponse {
  sessionToken: string;
  /** Where the browser asked to go after signing in (a same-site path). */
  redirect: string;
}

export interface DemoUser {
  id: string;
  username: string;
  displayName: string;
  role: string;
}

/**
 * A user's delivery message: what the bot sends the customer with a delivered order, in place of its default text.
 * 1 to 2,000 characters. The bot fills in these placeholders when it sends the message:
 *
 * | placeholder | becomes |
 * | --- | --- |
 * | `{customer}` | a mention of the customer who ordered (required: the message must greet its customer) |
 * | `{chef}` | the name of the chef who prepared the order |
 * | `{driver}` | the name of the driver delivering it (the user whose message this is) |
 * | `{item}` | what was ordered |
 * | `{orderID}` | the order's ID |
 *
 * Any other text in braces is sent as written.
 */
export const DELIVERY_MESSAGE_PLACEHOLDERS = ['{customer}', '{chef}', '{driver}', '{item}', '{orderID}'] as const;
export const DELIVERY_MESSAGE_MAX = 2000;
export const DeliveryMessageTextSchema = text()
  .trim()
  .min(1)
  .max(DELIVERY_MESSAGE_MAX)
  .refine((message) => message.includes('{customer}'), 'A delivery message must mention {customer}.');

/** What the bot sends when the driver has no delivery message of their own. */
export const DEFAULT_DELIVERY_MESSAGE =
  'Here is your {item}, {customer}! Prepared by {chef}, delivered by {driver}. Enjoy your meal! (Order {orderID})';

export interface DeliveryMessageValues {
  customer: string;
  chef: string;
  driver: string;
  item: string;
  orderID: string;
}

/** Fills a delivery message's placeholders; any other text in braces stays as written. One pass: values are never re-read as placeholders. */
export function fillDeliveryMessage(template: string, values: DeliveryMessageValues): string {
  return template.replace(
    /\{(customer|chef|driver|item|orderID)\}/g,
    (_match, key: keyof DeliveryMessageValues) => values[key],
  );
}

/** A site display name: 1 to 32 visible characters once trimmed (the column holds 64); null falls back to the username. */
export const DisplayNameSchema = displayName({ what: 'A display name', max: 32, stored: 64 }).nullable();

/** What a user may change of themself (PATCH /api/client/users/{id} on their own id). */
const selfFields = {
  displayName: DisplayNameSchema.optional(),
  settings: z
    .strictObject({
      /** null: remove it, so the bot's default message is sent again. */
      deliveryMessage: z.strictObject({ message: DeliveryMessageTextSchema }).nullable(),
    })
    .optional(),
};
/** What a user manager may change on top, for someone ranked below them (never themself). */
const managerFields = {
  ...selfFields,
  /**
   * The perks given by hand (`manualPerks` in the user manager's view); known perks only. Replaces that list: the
   * ranks' perks and those held by grants (a plan's) come on top and are not changed here.
   */
  perks: z
    .array(z.enum(PERKS))
    .max(PERKS.length * 2)
    .transform((perks) => [...new Set(perks)])
    .optional(),
  /** Stored and shown; gates nothing. */
  flags: z.int().min(0).max(2_147_483_647).optional(),
};
const somethingToChange = (body: object) => Object.values(body).some((value) => value !== undefined);

/**
 * PATCH /api/client/users/{id}, the user themself. An allow-list: anything else (permissions, ranks, ban, id,
 * username, perks, flags) is refused.
 */
export const UserSelfUpdateBodySchema = z.strictObject(selfFields).refine(somethingToChange, 'Nothing to change');
export type UserSelfUpdate = z.infer<typeof UserSelfUpdateBodySchema>;

/**
 * PATCH /api/client/users/{id}, a user manager on someone else: the self fields plus perks and flags. Permissions,
 * ranks, ban, id and username are unknown keys here too (400): ranks and bans have their own admin routes.
 */
export const UserManagerUpdateBodySchema = z.strictObject(managerFields).refine(somethingToChange, 'Nothing to change');
export type UserManagerUpdate = z.infer<typeof UserManagerUpdateBodySchema>;
/** The keys only a manager may send. */
export const MANAGER_ONLY_USER_FIELDS = ['perks', 'flags'] as const;

/**
 * A premade delivery message (plugins/delivery-messages) by its slug or its ID. It can never be a delivery message
 * text: a slug has no braces, and a message must mention `{customer}`.
 */
export const PREMADE_MESSAGE_REF = new RegExp(`^(?:${ID_DIGITS}|[a-z0-9-]{1,64})$`);
export const PremadeMessageRefSchema = text().trim().min(1).max(64).regex(PREMADE_MESSAGE_REF, 'Not a slug or an ID');

/**
 * PATCH /api/client/users/{id}/premade-messages {deliveryMessage} → { deliveryMessage }: sets settings.deliveryMessage.message,
 * either to the text given or to a premade message from the directory named by its slug or ID (which counts a use).
 */
export const PremadeMessagesBodySchema = z.strictObject({
  // One schema rather than a union, so a message without {customer} is told exactly that (a union says "Invalid input").
  deliveryMessage: text()
    .trim()
    .min(1)
    .max(DELIVERY_MESSAGE_MAX)
    .refine(
      (value) => PREMADE_MESSAGE_REF.test(value) || value.includes('{customer}'),
      'A delivery message must mention {customer}.',
    ),
});
export interface PremadeMessagesResponse {
  deliveryMessage: string;
}

/** POST /api/client/admin/users {filter}: search, filters, sort, pages. */
export const AdminUsersBodySchema = z.strictObject({
  filter: z
    .strictObject({
      /** An exact ID, or part of a username or display name. */
      search: text().trim().max(100).optional(),
      rank: snowflakeId('Rank').optional(),
      staff: z.boolean().optional(),
      banned: z.boolean().optional(),
      sort: z.enum(['createdAt', 'username']).default('createdAt'),
      order: z.enum(['asc', 'desc']).default('desc'),
      page: z.int().min(1).max(10_000).default(1),
      pageSize: z.int().min(1).max(100).default(25),
    })
    .default({ sort: 'createdAt', order: 'desc', page: 1, pageSize: 25 }),
});
export type AdminUsersFilter = z.infer<typeof AdminUsersBodySchema>['filter'];

/**
 * A user as the user manager sees them: `perks` is what they hold (their own, their ranks', their grants'); of those,
 * `manualPerks` were given by hand (what PATCH /api/client/users/{id} `perks` replaces) and `grantedPerks` are held
 * by grants, each with what gave it: they cannot be removed by hand. The same for ranks: `ranks` is what they hold,
 * `manualRanks` (ids, highest first) were given by hand (what PATCH …/update-rank `ranks` replaces) and
 * `grantedRanks` are held by grants. A rank may be both: given by hand, it outlives its grants.
 */
export interface AdminUserView extends UserView {
  manualPerks: string[];
  grantedPerks: GrantedPerkView[];
  manualRanks: string[];
  grantedRanks: GrantedRankView[];
}

/** One page of the user manager's search, as the users plugin finds it. */
export interface AdminUsersPage {
  users: AdminUserView[];
  totalUsers: number;
}

/** POST /api/client/admin/users: the page, each user with their team. */
export interface AdminUsersResponse {
  users: (AdminUserView & WithTeam)[];
  totalUsers: number;
}

const expiry = z.iso.datetime({ offset: true }).nullable();

export const CreateBanBodySchema = z.strictObject({
  reason: text().trim().min(1).max(500),
  /** null: permanent. */
  expires: expiry.default(null),
});
export const UpdateBanBodySchema = z
  .strictObject({ reason: text().trim().min(1).max(500).optional(), expires: expiry.optional() })
  .refine((body) => body.reason !== undefined || body.expires !== undefined, 'Nothing to change');
export const RemoveBanBodySchema = z.strictObject({ silent: z.boolean().default(false) }).nullable();

export interface BanView {
  active: boolean;
  reason: string | null;
  expires: string | null;
  createdAt: string | null;
  createdBy: string | null;
}

export const RemoveStaffBodySchema = z.strictObject({ reason: text().trim().min(1).max(500) });

export const UpdateRankBodySchema = z.strictObject({
  /**
   * The ranks given by hand (`manualRanks` in the user manager's view); replaces that list. The ranks grants hold (a
   * plan's) stay whatever it says: only their grants' end takes them. Answers the ranks the user holds.
   */
  ranks: z.array(snowflakeId('Rank')).max(50),
  announce: z.boolean().default(false),
  logToRankHistory: z.boolean().default(true),
});

export const UserIdOnlyParamsSchema = z.strictObject({ id: UserIdSchema });

export interface RankHistoryView {
  id: string;
  userID: string;
  action: string;
  ranksBefore: string[];
  ranksAfter: string[];
  reason: string | null;
  by: string | null;
  createdAt: string;
}

/** POST /api/client/admin/users/{id}/warnings {reason} → { warning }. */
export const CreateWarningBodySchema = z.strictObject({ reason: text().trim().min(1).max(500) });

export interface WarningView {
  id: string;
  userID: string;
  reason: string;
  /** The manager who gave it. */
  by: string;
  createdAt: string;
}

/** POST /api/client/admin/blacklist/{id} {data} → { blacklist }: list (active) or lift (not active) the user's orders ban. */
export const SetBlacklistBodySchema = z.strictObject({
  data: z.strictObject({
    active: z.boolean(),
    /** Why; kept with the entry until the next change. */
    reason: text().trim().min(1).max(500).optional(),
  }),
});
export type SetBlacklistInput = z.infer<typeof SetBlacklistBodySchema>['data'];

/** A user's order blacklist entry; `reason` and `by` describe the latest change. null: never listed. */
export interface BlacklistView {
  active: boolean;
  reason: string | null;
  by: string;
  createdAt: string;
  updatedAt: string;
}

/** After resigning, a user may not apply to join the staff again for a week (specification, section 9). */
export const REAPPLY_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
