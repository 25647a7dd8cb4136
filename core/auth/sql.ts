import type { InferKyselyDB, InferKyselyTable } from '@mikro-orm/sql';
import type { BanSchema, SessionSchema, UserSchema } from './entities.ts';

type Ban = InferKyselyTable<typeof BanSchema>;

/**
 * Core's users table as stored: InferKyselyDB types the embedded ban as one `ban` key, while the table holds its
 * columns under the entity's prefix (`ban_active`, `ban_reason`, …). Statements that read users name this type.
 */
export type UsersTable = Omit<InferKyselyDB<typeof UserSchema>['users'], 'ban'> & {
  [K in keyof Ban as `ban_${K & string}`]: Ban[K];
};

/** Core's identity tables as Kysely sees them: users (with the ban's columns) and sessions. */
export type AuthDb = { users: UsersTable; sessions: InferKyselyDB<typeof SessionSchema>['sessions'] };
