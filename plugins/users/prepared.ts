import type { InferKyselyDB } from '@mikro-orm/sql';
import type { QueryCreator } from 'kysely';
import type { AuthDb } from '../../core/auth/sql.ts';
import { type Param, PreparedQuery, sqlWriter } from '../../core/db/prepared.ts';
import type { BlacklistSchema } from './entities.ts';

type StandingDb = Pick<AuthDb, 'users'> & InferKyselyDB<typeof BlacklistSchema>;

/** The columns a Discord profile fills in (discordFields), as USER_FROM_DISCORD and ORDERING_STANDING write them. */
type ProfileValues = {
  id: string;
  username: string;
  displayName: string | null;
  discriminator: string;
  avatar: string | null;
  now: Date;
};

/**
 * A customer's standing for ordering (UserAdminService.orderingStanding), read as their `/order` arrives, with their
 * Discord profile written in the same prepared statement: the user is created, or their name and avatar refreshed
 * when Discord says something new of them (`insert … on conflict do update … where` they differ). Always one row:
 * whether the profile was written (the rows the write returned, counted), and the ban and blacklist entry as they
 * were before it (a statement's parts see one snapshot; null for a new customer, who has neither).
 */
export const ORDERING_STANDING = new PreparedQuery<
  ProfileValues,
  {
    written: number | string | bigint;
    ban_active: boolean | null;
    ban_reason: string | null;
    ban_expires: Date | string | null;
    blacklist_active: boolean | null;
    blacklist_reason: string | null;
  }
>('users.ordering_standing_with_profile', (param) =>
  sqlWriter<StandingDb>()
    .with('profile', (db) => writeProfile(db, param).returning('id'))
    .selectFrom((eb) =>
      eb
        .selectFrom('profile')
        .select((count) => count.fn.countAll().as('written'))
        .as('p'),
    )
    .leftJoin('users as u', (join) => join.on('u.id', '=', param('id')))
    .leftJoin('blacklist as b', 'b.user_id', 'u.id')
    .select([
      'p.written',
      'u.ban_active',
      'u.ban_reason',
      'u.ban_expires',
      'b.active as blacklist_active',
      'b.reason as blacklist_reason',
    ]),
);

/**
 * A Discord profile written to its user (UsersService.upsertFromDiscord): created, or its name and avatar refreshed,
 * in one prepared statement: a sign-in.
 */
export const USER_FROM_DISCORD = new PreparedQuery<ProfileValues, never>('users.from_discord', (param) =>
  writeProfile(sqlWriter<StandingDb>(), param),
);

/**
 * A Discord profile's user: created, or the columns Discord fills in refreshed when Discord says something new of
 * them (`insert … on conflict do update … where` they differ; an unchanged profile is not written).
 */
function writeProfile(db: QueryCreator<StandingDb>, param: Param<ProfileValues>) {
  return db
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
      conflict
        .column('id')
        .doUpdateSet((eb) => ({
          username: eb.ref('excluded.username'),
          display_name: eb.ref('excluded.display_name'),
          discriminator: eb.ref('excluded.discriminator'),
          avatar: eb.ref('excluded.avatar'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where((eb) =>
          eb(
            eb.refTuple('users.username', 'users.display_name', 'users.discriminator', 'users.avatar'),
            'is distinct from',
            eb.refTuple('excluded.username', 'excluded.display_name', 'excluded.discriminator', 'excluded.avatar'),
          ),
        ),
    );
}
