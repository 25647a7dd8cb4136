import { UserSchema } from '../../core/auth/entities.ts';
import type { CoreContext } from '../../core/plugin.ts';
import { DEMO_USERS } from '../users/index.ts';
import { AppealSchema, AppealVoteSchema } from './entities.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Fixed, so links and tests can name them (like the demo users' ids). */
export const SEEDED_PENDING_APPEAL = '1100000000000000101';
export const SEEDED_ACCEPTED_APPEAL = '1100000000000000102';
const demo = (role: (typeof DEMO_USERS)[number]['role']) => DEMO_USERS.find((u) => u.role === role)!.id;

/**
 * Blake (the banned demo user) has a pending appeal with one vote from Morgan; Casey's appeal from long ago was
 * accepted by Sam's force vote, so each of the Appeal Manager's filters has something to show.
 */
export async function seedAppeals(ctx: CoreContext): Promise<void> {
  const em = ctx.orm.em.fork();
  const now = ctx.now();
  const blake = await em.findOne(UserSchema, { id: demo('Banned user') });
  const casey = await em.findOne(UserSchema, { id: demo('Customer') });
  if (!blake || !casey) return;
  const pending = em.create(AppealSchema, {
    id: SEEDED_PENDING_APPEAL,
    user: blake,
    status: 'pending',
    whyBanned: 'I sent a few joke orders to the kitchen, like a **bucket of ketchup** with extra ketchup.',
    whyLift: 'I understand the chefs lost time on them. I will only order food I actually want from now on.',
    anythingElse: '',
    banReason: blake.ban.reason ?? null,
    banExpires: blake.ban.expires ?? null,
    bannedBy: blake.ban.createdBy ?? null,
    bannedAt: blake.ban.createdAt ?? null,
    createdAt: new Date(now - 2 * DAY),
    decidedAt: null,
    decisionReason: null,
  });
  em.create(AppealVoteSchema, {
    appeal: pending,
    voter: demo('Manager'),
    vote: 'accept',
    reason: 'First offence and a sincere apology.',
    force: false,
    createdAt: new Date(now - DAY),
  });
  const accepted = em.create(AppealSchema, {
    id: SEEDED_ACCEPTED_APPEAL,
    user: casey,
    status: 'accepted',
    whyBanned: 'I was rude to a delivery driver who was late with my order.',
    whyLift: 'I apologised to the driver in the support server and it will not happen again.',
    anythingElse: 'Thank you for reading this, and for the great burgers.',
    banReason: 'Harassing staff.',
    banExpires: null,
    bannedBy: demo('Manager'),
    bannedAt: new Date(now - 120 * DAY),
    createdAt: new Date(now - 110 * DAY),
    decidedAt: new Date(now - 108 * DAY),
    decisionReason: 'The driver accepted the apology.',
  });
  em.create(AppealVoteSchema, {
    appeal: accepted,
    voter: demo('Super admin'),
    vote: 'accept',
    reason: 'The driver accepted the apology.',
    force: true,
    createdAt: new Date(now - 108 * DAY),
  });
  await em.flush();
}
