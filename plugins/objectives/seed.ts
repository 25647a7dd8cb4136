import { UserSchema } from '../../core/auth/entities.ts';
import type { CoreContext } from '../../core/plugin.ts';
import { rankNamedIn } from '../ranks/index.ts';
import { ObjectiveSchema } from './entities.ts';
import type { ObjectivesPlugin } from './index.ts';
import type { ObjectiveScope, ObjectiveType, RewardType } from './schemas.ts';

const DAY = 24 * 60 * 60 * 1000;
const CHARLIE = '1100000000000000002';
const DANA = '1100000000000000003';
const SAM = '1100000000000000005';

interface SeedObjective {
  title: string;
  description: string;
  scope: ObjectiveScope;
  user?: string;
  type: ObjectiveType;
  target: number;
  startsAt?: Date;
  endsAt?: Date;
  rewardType: RewardType;
  rewardAmount?: number;
  rewardValue?: string;
  rewardDays?: number;
}

/**
 * Demo objectives over the orders seed's week of deliveries (Charlie prepares most, Dana delivers most): global and
 * personal, in progress, complete (Dana can claim "Kitchen regular" on first sign-in) and claimed (Charlie claimed
 * it, and "Busy week", whose CUSTOM reward waits for a manager), with every reward type.
 */
export async function seedObjectives(plugin: ObjectivesPlugin, ctx: CoreContext): Promise<void> {
  const now = ctx.now();
  const em = ctx.orm.em.fork();
  const chef = (await rankNamedIn(em, 'Chef'))?.id ?? null;
  const rows = demoObjectives(now, chef);
  const created = rows.map((row) =>
    em.create(ObjectiveSchema, {
      startsAt: null,
      endsAt: null,
      rewardAmount: null,
      rewardValue: null,
      rewardDays: null,
      ...row,
      user: row.user ? em.getReference(UserSchema, row.user) : null,
      createdBy: SAM,
      createdAt: new Date(now - 8 * DAY),
      deletedAt: null,
      deletedBy: null,
    }),
  );
  await em.flush();

  // Charlie claims what he completed, the way the site does it (reward included).
  const charlie = (await ctx.sessions.usersOf([CHARLIE])).get(CHARLIE);
  if (!charlie) return;
  for (const objective of created.filter((o) => o.title === 'Kitchen regular' || o.title === 'Busy week')) {
    await plugin.claims.claim(charlie, objective.id);
  }
}

/** The demo objectives, `chef` the Chef rank's id (a rank reward, when the ranks seed made it). */
function demoObjectives(now: number, chef: string | null): SeedObjective[] {
  const weekAgo = new Date(now - 8 * DAY);
  const rows: SeedObjective[] = [
    {
      title: 'Kitchen regular',
      description: 'Ten orders prepared or delivered: welcome to the team.',
      scope: 'global',
      type: 'ORDER_TARGET_TOTAL',
      target: 10,
      startsAt: weekAgo,
      rewardType: 'VD_CURRENCY',
      rewardAmount: 250,
    },
    {
      title: 'Century club',
      description: 'A hundred deliveries. Legends only.',
      scope: 'global',
      type: 'ORDER_TARGET_DELIVERED',
      target: 100,
      rewardType: 'VD_PERK',
      rewardValue: 'DELIVERY_MESSAGE_BETA',
      rewardDays: 30,
    },
    {
      title: 'Busy week',
      description: 'Five orders cooked this week.',
      scope: 'user',
      user: CHARLIE,
      type: 'ORDER_TARGET_PREPARED',
      target: 5,
      startsAt: weekAgo,
      endsAt: new Date(now + 6 * DAY),
      rewardType: 'CUSTOM',
      rewardValue: 'A free lunch with the owner',
    },
    {
      title: 'Feedback tester',
      description: 'Cook forty orders and try the feedback beta.',
      scope: 'user',
      user: CHARLIE,
      type: 'ORDER_TARGET_PREPARED',
      target: 40,
      rewardType: 'VD_PERK',
      rewardValue: 'FEEDBACK_BETA',
    },
  ];
  if (chef) {
    rows.push({
      title: 'Learn the kitchen',
      description: 'Forty orders prepared or delivered, and a month in the kitchen as a Chef.',
      scope: 'user',
      user: DANA,
      type: 'ORDER_TARGET_TOTAL',
      target: 40,
      startsAt: weekAgo,
      endsAt: new Date(now + 21 * DAY),
      rewardType: 'VD_RANK',
      rewardValue: chef,
      rewardDays: 30,
    });
  }
  return rows;
}
