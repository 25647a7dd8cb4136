import { UserSchema } from '../../core/auth/entities.ts';
import type { CoreContext } from '../../core/plugin.ts';
import { addRankIn, type RanksService } from '../ranks/index.ts';
import type { DemoUser } from './schemas.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * One demo user per role, with fixed snowflakes so that links and tests can name them. Ranks come from the ranks
 * plugin's seed, by name.
 */
export const DEMO_USERS = [
  { id: '1100000000000000001', username: 'casey', displayName: 'Casey Customer', role: 'Customer', rank: null },
  { id: '1100000000000000002', username: 'charlie.chef', displayName: 'Charlie Chef', role: 'Chef', rank: 'Chef' },
  {
    id: '1100000000000000003',
    username: 'dana.driver',
    displayName: 'Dana Driver',
    role: 'Delivery driver',
    rank: 'Delivery Driver',
  },
  {
    id: '1100000000000000004',
    username: 'morgan.manager',
    displayName: 'Morgan Manager',
    role: 'Manager',
    rank: 'Manager',
  },
  { id: '1100000000000000005', username: 'sam.owner', displayName: 'Sam Owner', role: 'Super admin', rank: 'Owner' },
  { id: '1100000000000000006', username: 'blake.banned', displayName: 'Blake Banned', role: 'Banned user', rank: null },
] as const satisfies readonly (DemoUser & { rank: string | null })[];

export const DEMO_USER_IDS: ReadonlySet<string> = new Set(DEMO_USERS.map((u) => u.id));

/** The demo users and their ranks, in one transaction. */
export async function seedUsers(ctx: CoreContext, ranksService: RanksService): Promise<void> {
  const ranks = await ranksService.list();
  await ctx.orm.em.fork().transactional(async (em) => {
    for (const demo of DEMO_USERS) {
      const banned = demo.role === 'Banned user';
      em.create(UserSchema, {
        id: demo.id,
        username: demo.username,
        displayName: demo.displayName,
        ban: banned
          ? {
              active: true,
              reason: 'Placing troll orders in the kitchen.',
              expires: new Date(Date.now() + 30 * DAY),
              createdAt: new Date(),
              createdBy: '1100000000000000004',
            }
          : { active: false },
      });
    }
    await em.flush();
    for (const demo of DEMO_USERS) {
      const rank = ranks.find((r) => r.name === demo.rank);
      if (rank) await addRankIn(em, demo.id, rank.id);
    }
  });
}
