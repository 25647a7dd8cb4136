import type { CoreContext } from '../../core/plugin.ts';
import { countedDeliveriesSinceIn } from '../orders/index.ts';
import { DEMO_USERS } from '../users/index.ts';
import type { TeamCounter } from './counter.ts';
import { TeamMemberSchema, TeamSchema } from './entities.ts';

const DAY = 24 * 60 * 60 * 1000;
const demo = (role: (typeof DEMO_USERS)[number]['role']) => DEMO_USERS.find((u) => u.role === role)!.id;

/** Fixed, so links and tests can name them (like the demo users' ids). */
export const SEEDED_TEAMS = {
  grill: '1100000000000000201',
  road: '1100000000000000202',
  night: '1100000000000000203',
} as const;

/**
 * Three teams: Grill Masters (Charlie Chef), Road Runners (Dana Driver) and Night Owls (Morgan Manager). Sam Owner
 * stays teamless, so the Team Manager's balance has someone to place. Each counter holds what the team delivered
 * before the demo week (a history) plus the seeded week's delivered orders, counted as the listener counts them (an
 * order once per team of its chef and driver), and those orders are marked counted.
 */
export async function seedTeams(counter: TeamCounter, ctx: CoreContext): Promise<void> {
  const em = ctx.orm.em.fork();
  const now = ctx.now();
  const sam = demo('Super admin');
  const teams = [
    {
      id: SEEDED_TEAMS.grill,
      name: 'Grill Masters',
      colour: '#c0392b',
      icon: '🔥',
      description: 'Burgers, steaks and anything that sizzles.',
      history: 42,
      member: demo('Chef'),
    },
    {
      id: SEEDED_TEAMS.road,
      name: 'Road Runners',
      colour: '#1e7b45',
      icon: '🛵',
      description: 'Hot food, fast wheels.',
      history: 37,
      member: demo('Delivery driver'),
    },
    {
      id: SEEDED_TEAMS.night,
      name: 'Night Owls',
      colour: '#ffd43b',
      icon: '🦉',
      description: 'The late shift: pancakes at midnight.',
      history: 18,
      member: demo('Manager'),
    },
  ];
  for (const [i, team] of teams.entries()) {
    const createdAt = new Date(now - (60 - i * 7) * DAY);
    em.create(TeamSchema, {
      id: team.id,
      name: team.name,
      colour: team.colour,
      icon: team.icon,
      description: team.description,
      orders: team.history,
      createdBy: sam,
      createdAt,
      updatedAt: createdAt,
    });
    em.create(TeamMemberSchema, { user: team.member, team: team.id, joinedAt: new Date(createdAt.getTime() + DAY) });
  }
  await em.flush();
  // The seeded deliveries, counted once each for every distinct team of their people, as the listener counts them.
  await counter.creditPast(await countedDeliveriesSinceIn(em, new Date(0)));
}
