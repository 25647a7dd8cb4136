import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Kysely } from 'kysely';
import type { Em } from '../../core/db/orm.ts';
import { sqlWriter } from '../../core/db/prepared.ts';
import type { discordEntities } from './entities.ts';

/** The Discord plugin's tables as Kysely sees them: names and column types inferred from the entities (entities.ts). */
export type DiscordDb = InferKyselyDB<(typeof discordEntities)[number]>;

/** Hand-shaped SQL over the Discord plugin's own tables, typed, bound to `em`'s transaction when it is in one. */
export function discordSql(em: Em): Kysely<DiscordDb> {
  return em.getKysely<DiscordDb>();
}

/** The same tables for statements compiled once and prepared (PreparedQuery: the status message's read). */
export const discordWriter = sqlWriter<DiscordDb>();
