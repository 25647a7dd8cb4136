import { z } from 'zod';
import { snowflakeId } from '../../core/shared/ids.ts';
import { text } from '../../core/shared/text.ts';
import { type GrantedPerkView, type GrantedRankView, UserIdSchema, type UserView, type WithTeam } from './schemas.ts';

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
