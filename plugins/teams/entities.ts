import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../../core/auth/entities.ts';
import { newId } from '../../core/ids.ts';

/**
 * A team of staff. `orders` is a counter, not a count of rows: every delivered order adds 1 for its chef's team and
 * 1 for its driver's team (when that is another team), once, and nothing takes it away but reset-orders. The name
 * is unique whatever its case (an index on lower(name)).
 */
export const TeamSchema = defineEntity({
  name: 'Team',
  tableName: 'teams',
  uniques: [
    {
      name: 'teams_name_lower_unique',
      expression: `create unique index "teams_name_lower_unique" on "teams" (lower("name"))`,
    },
  ],
  checks: [
    { name: 'teams_colour_check', expression: `"colour" ~ '^#[0-9a-f]{6}$'` },
    { name: 'teams_orders_check', expression: '"orders" >= 0' },
  ],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    name: p.string().length(32),
    colour: p.string().length(7),
    icon: p.string().length(16),
    description: p.text().default(''),
    orders: p.integer().default(0),
    ordersResetAt: p.datetime().nullable(),
    /** The user who made it: an id, no foreign key (the team outlives them). */
    createdBy: p.string(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Team = InferEntity<typeof TeamSchema>;

/**
 * Who is in which team. The user is the primary key, so a user is in at most one team by construction; deleting a
 * team deletes its rows (its members become teamless), deleting a user deletes theirs. The plugin owns this table
 * rather than adding a column to core's users.
 */
export const TeamMemberSchema = defineEntity({
  name: 'TeamMember',
  tableName: 'team_members',
  properties: {
    user: () => p.oneToOne(UserSchema).owner().primary().deleteRule('cascade').updateRule('no action'),
    team: () => p.manyToOne(TeamSchema).deleteRule('cascade').index(),
    joinedAt: p.datetime(),
  },
});
export type TeamMember = InferEntity<typeof TeamMemberSchema>;

/**
 * Each delivered order the counters have seen, once: the deliverOrder event reaches every process (and may be
 * delivered again), and only the process whose insert lands here adds to the counters. No foreign key: a deleted
 * order stays counted.
 */
/**
 * A counted order the teams plugin has heard of (deliverOrder): claimed once, so it counts once, and kept with its
 * people and delivery moment, from which the period boards count (a delivered order never changes). Null people
 * and moment: a credit from before they were kept, filled at start for the periods boards show.
 */
export const TeamOrderCreditSchema = defineEntity({
  name: 'TeamOrderCredit',
  tableName: 'team_order_credits',
  properties: {
    orderId: p.string().primary(),
    creditedAt: p.datetime(),
    customer: p.string().nullable(),
    preparedBy: p.string().nullable(),
    deliveredBy: p.string().nullable(),
    deliveredAt: p.datetime().nullable().index(),
  },
});

export const teamEntities = [TeamSchema, TeamMemberSchema, TeamOrderCreditSchema];
