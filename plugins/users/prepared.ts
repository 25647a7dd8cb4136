import type { InferKyselyDB } from '@mikro-orm/sql';
import type { AuthDb } from '../../core/auth/sql.ts';
import { PreparedQuery, sqlWriter } from '../../core/db/prepared.ts';
import type { BlacklistSchema } from './entities.ts';

type StandingDb = Pick<AuthDb, 'users'> & InferKyselyDB<typeof BlacklistSchema>;

/**
 * A customer's standing for ordering (UserAdminService.orderingStanding): their profile's columns, their ban and
 * their blacklist entry, by the primary keys, in one prepared statement.
 */
export const ORDERING_STANDING = new PreparedQuery<
  { id: string },
  {
    username: string;
    display_name: string | null;
    avatar: string | null;
    ban_active: boolean;
    ban_reason: string | null;
    ban_expires: Date | string | null;
    blacklist_active: boolean | null;
    blacklist_reason: string | null;
  }
>('users.ordering_standing', (param) =>
  sqlWriter<StandingDb>()
    .selectFrom('users as u')
    .leftJoin('blacklist as b', 'b.user_id', 'u.id')
    .select([
      'u.username',
      'u.display_name',
      'u.avatar',
      'u.ban_active',
      'u.ban_reason',
      'u.ban_expires',
      'b.active as blacklist_active',
      'b.reason as blacklist_reason',
    ])
    .where('u.id', '=', param('id')),
);

/**
 * A Discord profile written to its user (UsersService.upsertFromDiscord): created, or its name and avatar refreshed,
 * in one prepared statement (`insert … on conflict do update`): a sign-in, and a customer's `/order` when Discord
 * says something new of them.
 */
export const USER_FROM_DISCORD = new PreparedQuery<
  { id: string; username: string; displayName: string | null; discriminator: string; avatar: string | null; now: Date },
  never
>('users.from_discord', (param) =>
  sqlWriter<Pick<AuthDb, 'users'>>()
    .insertInto('users')
    .values({
      id: param('id'),
      username: param('username'),
      display_name: param('displayName'),
      discriminator: param('discriminator'),
      avatar: param('avatar'),
      created_at: param('now'),
      updated_at: param('now'),
    })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        username: eb.ref('excluded.username'),
        display_name: eb.ref('excluded.display_name'),
        discriminator: eb.ref('excluded.discriminator'),
        avatar: eb.ref('excluded.avatar'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    ),
);
