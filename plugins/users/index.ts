import { definePlugin } from '../../core/plugin.ts';
import { usersRoutes } from './api.ts';
import { devSignInEnabled, devSignInRoutes, listDemoUsers } from './dev-sign-in.ts';
import { DiscordOAuth } from './oauth.ts';
import type { DemoUser } from './schemas.ts';
import { seedUsers } from './seed.ts';
import { UsersService } from './service.ts';

export interface UsersPlugin {
  users: UsersService;
  oauth: DiscordOAuth;
  /** The demo users the login page offers when dev sign-in is on; empty otherwise. */
  demoUsers: DemoUser[];
}

/** Sign-in (Discord OAuth2, dev sign-in), sessions and user profiles. */
export default definePlugin({
  name: 'users',
  service: (ctx): UsersPlugin => ({
    users: new UsersService(ctx.orm),
    oauth: new DiscordOAuth(ctx.config),
    demoUsers: devSignInEnabled(ctx.config) ? listDemoUsers() : [],
  }),
  routes(app, plugin, ctx) {
    usersRoutes(app, plugin, ctx);
    if (plugin.demoUsers.length > 0) devSignInRoutes(app, ctx);
  },
  seed: (_plugin, ctx) => seedUsers(ctx),
});
