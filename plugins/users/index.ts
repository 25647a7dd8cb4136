import { definePlugin } from '../../core/plugin.ts';
import { usersRoutes } from './api.ts';
import { devSignInEnabled, devSignInRoutes } from './dev-sign-in.ts';
import { DiscordOAuth } from './oauth.ts';
import { seedUsers } from './seed.ts';
import { UsersService } from './service.ts';

export interface UsersPlugin {
  users: UsersService;
  oauth: DiscordOAuth;
  devSignIn: boolean;
}

/** Sign-in (Discord OAuth2, dev sign-in), sessions and user profiles. */
export default definePlugin({
  name: 'users',
  service: (ctx): UsersPlugin => ({ users: new UsersService(ctx.orm), oauth: new DiscordOAuth(ctx.config), devSignIn: devSignInEnabled(ctx.config) }),
  routes(app, plugin, ctx) {
    usersRoutes(app, plugin, ctx);
    if (plugin.devSignIn) devSignInRoutes(app, ctx);
  },
  seed: (_plugin, ctx) => seedUsers(ctx),
});
