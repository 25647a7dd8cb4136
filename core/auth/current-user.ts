import type { UserSettings } from './entities.ts';
import type { HeldRank } from './held-ranks.ts';
import type { CurrentUser } from './sessions.ts';

/** What a user is by their own row (core's `users`), before their ranks are merged in: an entity, or a row read in SQL. */
export interface OwnIdentity {
  id: string;
  username: string;
  displayName?: string | null;
  discriminator: string;
  avatar?: string | null;
  permissions: number;
  manualPerks: readonly string[];
  grantedPerks: readonly string[];
  flags: number;
  ban: { active: boolean; reason?: string | null; expires?: Date | null };
  settings?: UserSettings | null;
  createdAt: Date;
}

/**
 * The one merge of who someone is: their own permissions OR every held rank's, and the perks given by hand, those held
 * by grants and the ranks' together. `held` comes from the permission port (core/auth/held-ranks.ts): the session read
 * selects it (current-user-sql.ts); a plugin that loaded a user reads it from the ranks' owner.
 */
export function toCurrentUser(user: OwnIdentity, held: readonly HeldRank[]): CurrentUser {
  const ranks = [...held].sort((a, b) => b.position - a.position);
  const perks = new Set<string>([...user.manualPerks, ...user.grantedPerks]);
  let permissions = user.permissions;
  for (const rank of ranks) {
    permissions |= rank.permissions;
    for (const perk of rank.perks) perks.add(perk);
  }
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName ?? null,
    discriminator: user.discriminator,
    avatar: user.avatar ?? null,
    permissions,
    perks: [...perks],
    flags: user.flags,
    ranks: ranks.map(({ id, name, position, colour, canResign }) => ({ id, name, position, colour, canResign })),
    ban: user.ban.active ? { active: true, reason: user.ban.reason ?? null, expires: user.ban.expires ?? null } : null,
    settings: user.settings ?? {},
    createdAt: user.createdAt,
  };
}
