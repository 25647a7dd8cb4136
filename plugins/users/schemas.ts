import { z } from 'zod';
import { LOCALES } from '../../core/i18n/locales.ts';
import { AnswerIdSchema, ID_DIGITS, snowflakeId } from '../../core/shared/ids.ts';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import { PERKS } from '../../core/shared/permissions.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { displayName, text } from '../../core/shared/text.ts';
import type { usersCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof usersCatalogue>('users');

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
export const EndSessionBodySchema = z.strictObject({ sessionToken: text().min(1).max(256).optional() }).nullish();

export const DevSignInBodySchema = z.strictObject({ userId: UserIdSchema });

export const LoginQuerySchema = z.object({ redirect: text().max(2048).optional() });

/** What anyone may see of a user. */
export const PublicUserViewSchema = z.strictObject({
  id: AnswerIdSchema,
  username: z.string(),
  displayName: z.string().nullable(),
  discriminator: z.string(),
  avatar: z.string().nullable(),
  /** Rank ids, highest first. */
  ranks: z.array(AnswerIdSchema),
  /** The highest rank's id. */
  rank: AnswerIdSchema.nullable(),
  flags: z.int().min(0),
  createdAt: AnswerMomentSchema,
});
export type PublicUserView = z.output<typeof PublicUserViewSchema>;

/** What a user sees of themself (and managers of them). */
export const UserViewSchema = PublicUserViewSchema.extend({
  /** Effective: their own OR their ranks'. */
  permissions: z.int().min(0),
  perks: z.array(z.string()),
  /** null: not banned now. */
  ban: z
    .strictObject({
      active: z.boolean(),
      reason: z.string().nullable(),
      /** null: permanent. */
      expires: AnswerMomentSchema.nullable(),
    })
    .nullable(),
  settings: z.strictObject({
    deliveryMessage: z.strictObject({ message: z.string() }).optional(),
    /** The site's language the user chose; absent: their browser's (docs/i18n.md). */
    locale: z.enum(LOCALES).optional(),
  }),
});
export type UserView = z.output<typeof UserViewSchema>;

/**
 * Where a perk or rank held by a grant (a plan, a store purchase, an objective's reward) comes from: it ends with
 * that, and the user manager's edits neither remove nor give it (docs/decisions.md, "Money and billing (issue 39)").
 * The store's grants fill it in (plugins/store/grants.ts `heldOf`).
 */
export const GrantOriginSchema = z.strictObject({
  /** What gave it: `subscription`, `purchase`, `objective` or `sponsor`. */
  source: z.string(),
  /** The plan's, the item's or the objective's name, where known. */
  sourceName: z.string().nullable(),
  /** When the grant ends; null: when its source ends it (a plan), or never. */
  endsAt: AnswerMomentSchema.nullable(),
});
export type GrantOrigin = z.output<typeof GrantOriginSchema>;

/** A perk a user holds because of a grant. */
export const GrantedPerkViewSchema = GrantOriginSchema.extend({ perk: z.string() });
export type GrantedPerkView = z.output<typeof GrantedPerkViewSchema>;

/** A rank a user holds because of a grant: `rank` is its id. */
export const GrantedRankViewSchema = GrantOriginSchema.extend({ rank: AnswerIdSchema });
export type GrantedRankView = z.output<typeof GrantedRankViewSchema>;

/**
 * §3 "User: … rank, team": the user objects the API answers (`@me`, `/api/v3/users/{id}`, the admin user list) carry
 * their team's id (the `_id` of GET /api/client/teams, as `rank` is a rank's id), null when they have none or the
 * caller does not see teams (teamsEnabled off, and not a team manager).
 */
export const WithTeamSchema = z.strictObject({ team: AnswerIdSchema.nullable() });
export type WithTeam = z.output<typeof WithTeamSchema>;

export const MeResponseSchema = z.strictObject({
  user: UserViewSchema.extend(WithTeamSchema.shape),
  /** The sponsor payment token (docs/store.md "Sponsors"); null when sponsor payments are not set up. */
  nitroPayToken: z.string().nullable(),
});
export type MeResponse = z.output<typeof MeResponseSchema>;

/** GET /api/v3/users/{id}: what anyone may see of the user, with their team. */
export const PublicUserResponseSchema = z.strictObject({ user: PublicUserViewSchema.extend(WithTeamSchema.shape) });

export const AuthenticateResponseSchema = z.strictObject({
  sessionToken: z.string(),
  /** Where the browser asked to go after signing in (a same-site path). */
  redirect: z.string(),
});
export type AuthenticateResponse = z.output<typeof AuthenticateResponseSchema>;

export const DemoUserSchema = z.strictObject({
  id: AnswerIdSchema,
  username: z.string(),
  displayName: z.string(),
  /** The role the demo user shows (Customer, Chef, Super admin…). */
  role: z.string(),
});
export type DemoUser = z.output<typeof DemoUserSchema>;

/** GET /api/client/dev/users: the demo users one may sign in as. */
export const DemoUsersResponseSchema = z.strictObject({ users: z.array(DemoUserSchema) });
/** POST /api/client/dev/sign-in: the new session's token (also set as the session cookie). */
export const DevSignInResponseSchema = z.strictObject({ sessionToken: z.string() });

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
  .refine(
    (message) => message.includes('{customer}'),
    said('schema.deliveryMessageNoCustomer', 'A delivery message must mention {customer}.'),
  );

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
export const DisplayNameSchema = displayName({
  what: said.phrase('schema.name.display', 'A display name'),
  max: 32,
  stored: 64,
}).nullable();

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
export const UserSelfUpdateBodySchema = z
  .strictObject(selfFields)
  .refine(somethingToChange, said('schema.nothingToChange', 'Nothing to change'));
export type UserSelfUpdate = z.infer<typeof UserSelfUpdateBodySchema>;

/**
 * PATCH /api/client/users/{id}, a user manager on someone else: the self fields plus perks and flags. Permissions,
 * ranks, ban, id and username are unknown keys here too (400): ranks and bans have their own admin routes.
 */
export const UserManagerUpdateBodySchema = z
  .strictObject(managerFields)
  .refine(somethingToChange, said('schema.nothingToChange', 'Nothing to change'));
export type UserManagerUpdate = z.infer<typeof UserManagerUpdateBodySchema>;
/** The keys only a manager may send. */
export const MANAGER_ONLY_USER_FIELDS = ['perks', 'flags'] as const;

/** PATCH /api/client/users/{id}: the user as the change left them. */
export const UpdatedUserResponseSchema = z.strictObject({ user: UserViewSchema });
/** PATCH /api/client/users/{id}/sync-with-discord: the user with Discord's name and avatar. */
export const SyncedUserResponseSchema = z.strictObject({ updated: UserViewSchema });

/**
 * A premade delivery message (plugins/delivery-messages) by its slug or its ID. It can never be a delivery message
 * text: a slug has no braces, and a message must mention `{customer}`.
 */
export const PREMADE_MESSAGE_REF = new RegExp(`^(?:${ID_DIGITS}|[a-z0-9-]{1,64})$`);
export const PremadeMessageRefSchema = text()
  .trim()
  .min(1)
  .max(64)
  .regex(PREMADE_MESSAGE_REF, said('schema.notSlugOrId', 'Not a slug or an ID'));

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
      said('schema.deliveryMessageNoCustomer', 'A delivery message must mention {customer}.'),
    ),
});
export const PremadeMessagesResponseSchema = z.strictObject({
  /** The delivery message the user has now (a premade one's text, when named by slug or ID). */
  deliveryMessage: z.string(),
});
export type PremadeMessagesResponse = z.output<typeof PremadeMessagesResponseSchema>;

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
export const AdminUserViewSchema = UserViewSchema.extend({
  manualPerks: z.array(z.string()),
  grantedPerks: z.array(GrantedPerkViewSchema),
  manualRanks: z.array(AnswerIdSchema),
  grantedRanks: z.array(GrantedRankViewSchema),
});
export type AdminUserView = z.output<typeof AdminUserViewSchema>;

/** One page of the user manager's search, as the users plugin finds it. */
export interface AdminUsersPage {
  users: AdminUserView[];
  totalUsers: number;
}

/** POST /api/client/admin/users: the page, each user with their team. */
export const AdminUsersResponseSchema = z.strictObject({
  users: z.array(AdminUserViewSchema.extend(WithTeamSchema.shape)),
  /** How many users the filter finds, on every page. */
  totalUsers: z.int().min(0),
});
export type AdminUsersResponse = z.output<typeof AdminUsersResponseSchema>;

const expiry = z.iso.datetime({ offset: true }).nullable();

export const CreateBanBodySchema = z.strictObject({
  reason: text().trim().min(1).max(500),
  /** null: permanent. */
  expires: expiry.default(null),
});
export const UpdateBanBodySchema = z
  .strictObject({ reason: text().trim().min(1).max(500).optional(), expires: expiry.optional() })
  .refine(
    (body) => body.reason !== undefined || body.expires !== undefined,
    said('schema.nothingToChange', 'Nothing to change'),
  );
export const RemoveBanBodySchema = z.strictObject({ silent: z.boolean().default(false) }).nullable();

export const BanViewSchema = z.strictObject({
  active: z.boolean(),
  reason: z.string().nullable(),
  /** null: permanent. */
  expires: AnswerMomentSchema.nullable(),
  createdAt: AnswerMomentSchema.nullable(),
  /** The manager who banned them (their id). */
  createdBy: AnswerIdSchema.nullable(),
});
export type BanView = z.output<typeof BanViewSchema>;

/** GET …/ban: the user's ban, or null when they are not banned. */
export const BanOrNoneResponseSchema = z.strictObject({ ban: BanViewSchema.nullable() });
/** A ban made or changed. */
export const BanResponseSchema = z.strictObject({ ban: BanViewSchema });

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

/** PATCH …/update-rank: the ranks the user holds now (ids, highest first). */
export const UpdateRankResponseSchema = z.strictObject({ ranks: z.array(AnswerIdSchema) });

export const RankHistoryViewSchema = z.strictObject({
  id: AnswerIdSchema,
  userID: AnswerIdSchema,
  /** What changed them: `rank_update`, `remove_staff`, `resign`, `grant` or `grant_end`. */
  action: z.string(),
  /** Rank ids. */
  ranksBefore: z.array(AnswerIdSchema),
  ranksAfter: z.array(AnswerIdSchema),
  reason: z.string().nullable(),
  /** Who made the change; null when the user did it themself (resign) or a grant did. */
  by: AnswerIdSchema.nullable(),
  createdAt: AnswerMomentSchema,
});
export type RankHistoryView = z.output<typeof RankHistoryViewSchema>;

/** GET /api/client/users/{id}/rank-history: newest first. */
export const RankHistoryResponseSchema = z.strictObject({ history: z.array(RankHistoryViewSchema) });

/** POST /api/client/admin/users/{id}/warnings {reason} → { warning }. */
export const CreateWarningBodySchema = z.strictObject({ reason: text().trim().min(1).max(500) });

export const WarningViewSchema = z.strictObject({
  id: AnswerIdSchema,
  userID: AnswerIdSchema,
  reason: z.string(),
  /** The manager who gave it. */
  by: AnswerIdSchema,
  createdAt: AnswerMomentSchema,
});
export type WarningView = z.output<typeof WarningViewSchema>;

/** A warning given. */
export const WarningResponseSchema = z.strictObject({ warning: WarningViewSchema });
/** GET /api/client/users/{id}/warnings: newest first. */
export const WarningsResponseSchema = z.strictObject({ warnings: z.array(WarningViewSchema) });

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
export const BlacklistViewSchema = z.strictObject({
  active: z.boolean(),
  reason: z.string().nullable(),
  /** The manager who made the latest change. */
  by: AnswerIdSchema,
  createdAt: AnswerMomentSchema,
  updatedAt: AnswerMomentSchema,
});
export type BlacklistView = z.output<typeof BlacklistViewSchema>;

/** GET …/blacklist: the entry, or null when the user was never listed. */
export const BlacklistOrNoneResponseSchema = z.strictObject({ blacklist: BlacklistViewSchema.nullable() });
/** The entry as the change left it. */
export const BlacklistResponseSchema = z.strictObject({ blacklist: BlacklistViewSchema });

/** After resigning, a user may not apply to join the staff again for a week (specification, section 9). */
export const REAPPLY_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * GET /api/client/users/@me/export: everything the diner holds about the signed-in user (core/personal-data.ts):
 * core's own sections, then each plugin's under its name. Rows are as stored; moments as ISO strings.
 */
export const MyDataExportSchema = z.object({
  exportedAt: z.string(),
  userId: AnswerIdSchema,
  account: z.record(z.string(), z.unknown()),
  /** When each open session began and ends (never its token's hash). */
  sessions: z.array(z.object({ createdAt: AnswerMomentSchema, expiresAt: AnswerMomentSchema })),
  auditEntries: z.array(z.record(z.string(), z.unknown())),
  plugins: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type MyDataExport = z.output<typeof MyDataExportSchema>;

/** DELETE /api/client/users/@me {username}: the confirmation, the signed-in user's username typed again. */
export const DeleteAccountBodySchema = z.strictObject({ username: text().min(1).max(64) });
export type DeleteAccountInput = z.infer<typeof DeleteAccountBodySchema>;
