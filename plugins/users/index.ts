import type { UserBannedData } from '../../core/gateway/protocol.ts';
import type { Locale } from '../../core/i18n/locales.ts';
import { needs, selfOr } from '../../core/pages.ts';
import { definePlugin } from '../../core/plugin.ts';
import { userAdminRoutes } from './admin-api.ts';
import { UserAdminService } from './admin-service.ts';
import { usersRoutes } from './api.ts';
import { devSignInEnabled, devSignInRoutes, listDemoUsers } from './dev-sign-in.ts';
import { BlacklistSchema, ResignationSchema, WarningSchema } from './entities.ts';
import { GrantHolds } from './grant-holds.ts';
import { usersCatalogue, usersText } from './i18n/index.ts';
import { migrations } from './migrations/index.ts';
import { MyDataService } from './my-data.ts';
import { myDataRoutes } from './my-data-api.ts';
import { DiscordOAuth } from './oauth.ts';
import { profileRoutes } from './profile-api.ts';
import { ProfileService } from './profile-service.ts';
import type { DemoUser } from './schemas.ts';
import { DEMO_USERS, seedUsers } from './seed.ts';
import { UsersService } from './service.ts';
import './events.ts';
import ranks from '../ranks/index.ts';
import { usersPersonalData } from './personal-data.ts';

export type { UserAdminService } from './admin-service.ts';
export { manageableTarget, userTarget } from './admin-service.ts';
export type { GrantsPort, HeldByGrants, RanksHeldByGrants } from './grant-holds.ts';
export type { MyDataService } from './my-data.ts';
/**
 * A confirmation that does not match, in `locale`: the 400 of DELETE /api/client/users/@me, which the profile's
 * delete dialog says before the call.
 */
export function deleteConfirmationMismatch(locale: Locale, username: string): string {
  return usersText(locale)('refusal.deleteConfirmation', { username });
}
export { reapplyAtIn } from './records.ts';
export { DEMO_USER_IDS, DEMO_USERS } from './seed.ts';
export { discordFields, type UsersService } from './service.ts';

export interface UsersPlugin {
  users: UsersService;
  admin: UserAdminService;
  /** Profile edits, Discord sync, resigning; `canReapplyAt` (recruitment reads `reapplyAtIn` in its transaction). */
  profile: ProfileService;
  oauth: DiscordOAuth;
  /** The demo users the login page offers when dev sign-in is on; empty otherwise. */
  demoUsers: DemoUser[];
  /**
   * What grants hold (the store registers its grants here), and the one way to set the ranks given by hand: other
   * plugins that give a rank by hand (an accepted application) use `setRanksByHandIn`.
   */
  grantHolds: GrantHolds;
  /** The signed-in user's data: its export and the account's deletion (my-data.ts). */
  myData: MyDataService;
}

/** The audit actions this plugin's writes record, with the audit log's labels (core/audit). */
const audit = {
  actions: {
    'user.ban': 'Banned a user',
    'user.ban.update': 'Changed a ban',
    'user.ban.remove': 'Lifted a ban',
    'user.ranks.update': 'Changed ranks',
    'user.staff.remove': 'Removed from staff',
    'user.warn': 'Warned a user',
    'user.blacklist': 'Changed the order blacklist',
    'user.update': "Edited someone's profile",
    'user.sync': "Synced someone's profile with Discord",
    'user.account.delete': 'Deleted their account',
  },
} as const;
declare module '../../core/audit/schemas.ts' {
  interface AuditActions extends Record<keyof typeof audit.actions, true> {}
}

/** Charlie Chef: the demo user whose pages the examples open (he has a profile, orders and a rank to remove). */
const CHARLIE = DEMO_USERS.find((u) => u.role === 'Chef')!.id;

/** Sign-in (Discord OAuth2, dev sign-in), sessions and user profiles. */
export default definePlugin({
  i18n: usersCatalogue,
  audit,
  name: 'users',
  personalData: () => usersPersonalData,
  requires: [ranks],
  entities: [WarningSchema, BlacklistSchema, ResignationSchema],
  migrations,
  service: (ctx): UsersPlugin => {
    const grantHolds = new GrantHolds();
    return {
      users: new UsersService(ctx),
      admin: new UserAdminService({ ...ctx, holds: grantHolds }),
      profile: new ProfileService({ ...ctx, holds: grantHolds }),
      oauth: new DiscordOAuth(ctx.config),
      demoUsers: devSignInEnabled(ctx.config) ? listDemoUsers() : [],
      grantHolds,
      myData: new MyDataService(ctx),
    };
  },
  routes(app, plugin, ctx) {
    usersRoutes(app, plugin, ctx);
    userAdminRoutes(app, plugin.admin, plugin.users);
    profileRoutes(app, plugin.profile, plugin.admin);
    myDataRoutes(app, plugin.myData, ctx);
    if (plugin.demoUsers.length > 0) devSignInRoutes(app, ctx);
  },
  pages: {
    // `/users/{id}/manage`: that user themself or a user manager (`/users/@me/manage` is the site's own, signed in).
    paths: [[/^\/users\/(?!@me\/)([^/]+)\/manage\/?$/, selfOr({ all: ['MANAGE_USERS'] })]],
    guards: { '/staff/admin/users': needs({ all: ['MANAGE_USERS'] }) },
    sidebar: [
      {
        section: 'management',
        order: 70,
        label: 'User Manager',
        labelKey: 'sidebar.userManager',
        href: '/staff/admin/users',
        icon: 'user-cog',
        needs: { all: ['MANAGE_USERS'] },
      },
    ],
    // His profile is public; managing him is a user manager's.
    examples: [
      { path: '/team', opens: 'anonymous' },
      { path: `/users/${CHARLIE}`, opens: 'anonymous' },
      { path: '/staff/admin/users', opens: 'superAdmin' },
      { path: `/staff/admin/users/${CHARLIE}/ban`, opens: 'superAdmin' },
      { path: `/staff/admin/users/${CHARLIE}/remove-staff`, opens: 'superAdmin' },
      { path: `/users/${CHARLIE}/manage`, opens: 'superAdmin' },
    ],
  },
  // The banned user's sockets hear why, then close as SESSION_ENDED (their site goes to /?error=account_banned).
  gateway: {
    userBanned: ({ userId, reason, expires }) => ({
      t: 'userBanned',
      data: { userID: userId, reason, expires } satisfies UserBannedData,
      to: { userId },
      endSessions: true,
    }),
  },
  seed: (_plugin, ctx) => seedUsers(ctx, ctx.services.ranks),
});
