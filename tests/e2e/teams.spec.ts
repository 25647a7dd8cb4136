import type { BrowserContext } from '@playwright/test';
import type { Services } from '../../plugins/index.ts';
import { OrderSchema } from '../../plugins/orders/entities.ts';
import { orderCode } from '../../plugins/orders/service.ts';
import type { TeamView } from '../../plugins/teams/schemas.ts';
import { checkState, type Diner, expect, test } from './fixtures.ts';
import { openManager } from './kitchen.ts';

const SAM = { id: '1100000000000000005', username: 'sam.owner', displayName: 'Sam Owner' };

/**
 * Each test makes its own team, users and order, so the tests stand alone: with several workers, each has its own
 * server for this file; in one worker they share it and never look at what another test made.
 */
test.describe.configure({ mode: 'parallel' });

/** A team made as the Team Manager's Create team makes it, and `members` moved into it. */
async function teamWith(diner: Diner, name: string, icon: string, members: string[]): Promise<TeamView> {
  const services = diner.app.server.ctx.services as Services;
  const team = await services.teams.teams.create(SAM, { name, icon, colour: '#1a237e', description: '' });
  for (const userID of members) await services.teams.members.moveOne(SAM, { userID, teamID: team._id });
  return team;
}

test('a director creates a team in the Team Manager and balances every teamless staff member into teams', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const [managerContext, chefContext] = (await Promise.all([browser.newContext(), browser.newContext()])) as [
    BrowserContext,
    BrowserContext,
  ];
  await diner.signIn(managerContext, { username: 'director_dee', rank: 'Director' });
  const chef = await diner.signIn(chefContext, { username: 'chef_teo', rank: 'Chef' });
  // Who has no team now: the balance places them.
  const teamless = (
    await diner.app.server.ctx.orm.em
      .fork()
      .execute<{ id: string }[]>(
        'select u.id from users u where exists (select 1 from user_ranks r where r.user_id = u.id) and not exists (select 1 from team_members m where m.user_id = u.id)',
      )
  ).map((r) => r.id);
  expect(teamless).toContain(chef.id);

  // The sidebar leads to the Team Manager, which lists the seeded teams.
  const manager = await managerContext.newPage();
  manager.on('dialog', (dialog) => void dialog.accept());
  await manager.goto('/staff/dashboard');
  await manager.getByRole('link', { name: 'Team Manager' }).first().click();
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText('Team Manager');
  for (const name of ['Grill Masters', 'Road Runners', 'Night Owls'])
    await expect(manager.locator('tr', { hasText: name })).toBeVisible();

  // A new team.
  await manager.getByRole('link', { name: 'Create team' }).click();
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText('Create team');
  await manager.getByLabel('Name').fill('Rocket Grill');
  await manager.getByLabel('Emoji or icon').fill('🚀');
  await manager.getByLabel('Colour').fill('#1a237e');
  await manager.getByLabel('Description').fill('Fastest burgers in the galaxy.');
  await expect(manager.locator('[data-team-preview]')).toHaveText('🚀 Rocket Grill');
  await expect(manager.locator('[data-team-preview]')).toHaveCSS('color', 'rgb(255, 255, 255)');
  await checkState(manager);
  await manager.getByRole('button', { name: 'Create team' }).click();
  await expect(manager.getByTestId('toast')).toHaveText('Team Rocket Grill created.');
  const detail = manager.getByTestId('team-detail');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText('🚀 Rocket Grill');
  await expect(detail).toContainText('Nobody is in this team yet.');

  // Balance: every teamless staff member is placed, the new team (no members, no orders) first.
  await expect(manager.getByText(`${teamless.length} staff members have no team`)).toBeVisible();
  await manager.getByRole('button', { name: 'Balance teams' }).click();
  await expect(manager.getByTestId('toast')).toHaveText(`${teamless.length} staff members placed in teams.`);
  await expect(manager.getByRole('button', { name: 'Balance teams' })).toBeDisabled();
  await expect(manager.getByText('Every staff member is in a team.')).toBeVisible();
  const sizes = (await services.teams.teams.list()).map((t) => t.memberCount);
  expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  // Moving them all out again at once leaves exactly them teamless.
  await services.teams.members.bulk(SAM, { mode: 'move', moves: teamless.map((userID) => ({ userID, teamID: null })) });
  expect(await services.teams.teams.teamlessStaffCount()).toBe(teamless.length);
  await Promise.all([managerContext.close(), chefContext.close()]);
});

test('a director adds a chef from a team’s page; the chef’s profile shows the team; deleting the team leaves its members teamless', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const [managerContext, chefContext] = (await Promise.all([browser.newContext(), browser.newContext()])) as [
    BrowserContext,
    BrowserContext,
  ];
  await diner.signIn(managerContext, { username: 'director_dan', rank: 'Director' });
  await diner.signIn(chefContext, { username: 'chef_tam', rank: 'Chef' });
  const team = await teamWith(diner, 'Comet Kitchen', '🌠', []);

  // The chef goes into Comet Kitchen from its page: find them, add them here.
  const manager = await managerContext.newPage();
  manager.on('dialog', (dialog) => void dialog.accept());
  await manager.goto(`/staff/admin/teams?team=${team._id}#team-detail`);
  const detail = manager.getByTestId('team-detail');
  await detail.getByRole('searchbox', { name: 'Add a staff member' }).fill('chef_tam');
  await detail.getByRole('button', { name: 'Find' }).click();
  await expect(manager).toHaveURL(/search=chef_tam/);
  // The buttons work once the page's script has run.
  await manager.waitForLoadState('load');
  const found = detail.getByRole('list', { name: 'Staff members found' });
  await expect(found).toContainText('chef_tam');
  await found.getByRole('button', { name: /^Add chef_tam to Comet Kitchen/ }).click();
  await expect(manager.getByTestId('toast')).toHaveText('Added to the team.');
  await expect(detail.getByRole('list', { name: 'Members of Comet Kitchen' })).toContainText('chef_tam');
  const row = manager.locator('tr', { hasText: 'Comet Kitchen' });
  await expect(row.locator('[data-figure="orders"]')).toHaveText('0');
  await checkState(manager);

  // The chef's profile shows the team.
  const profile = await chefContext.newPage();
  await profile.goto('/users/@me');
  await expect(profile.getByTestId('profile-team')).toHaveText('Team: 🌠 Comet Kitchen');

  // Deleted, the team's members have no team.
  const teamlessBefore = await services.teams.teams.teamlessStaffCount();
  await manager.getByRole('button', { name: 'Delete Comet Kitchen' }).click();
  await expect(manager.getByTestId('toast')).toHaveText('Team deleted: its members have no team now.');
  await expect(manager.locator('tr', { hasText: 'Comet Kitchen' })).toHaveCount(0);
  expect(await services.teams.teams.teamlessStaffCount()).toBe(teamlessBefore + 1);
  await Promise.all([managerContext.close(), chefContext.close()]);
});

test('a team’s chef delivers an order in the order manager: the team’s count and Top teams go up', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const [managerContext, chefContext] = (await Promise.all([browser.newContext(), browser.newContext()])) as [
    BrowserContext,
    BrowserContext,
  ];
  await diner.signIn(managerContext, { username: 'director_dot', rank: 'Director' });
  const chef = await diner.signIn(chefContext, { username: 'chef_tod', rank: 'Chef' });
  const team = await teamWith(diner, 'Orbit Diner', '🪐', [chef.id]);

  // An order the chef prepared is ready and assigned to them (arranged in the database and announced as the
  // kitchen would); the chef delivers it in the order manager.
  const em = diner.app.server.ctx.orm.em.fork();
  const now = new Date();
  // A customer of its own: a customer has one active order, and the demo's Casey has one waiting.
  const order = em.create(OrderSchema, {
    orderID: orderCode(),
    customer: '1100000000000000777',
    item: 'Rocket burger with moon fries',
    mentions: [],
    status: 'READY',
    claimedBy: chef.id,
    claimedAt: now,
    preparedBy: chef.id,
    prepareStartedAt: now,
    readyAt: now,
    assignedDriver: chef.id,
    assignedAt: now,
    assignmentExpiresAt: new Date(now.getTime() + 10 * 60_000),
    orderedAt: now,
    updatedAt: now,
  });
  await em.flush();
  diner.app.server.ctx.events.publish('orderUpdated', { order: await services.orders.orders.get(order.orderID) });
  // A period counts by the members' current teams (the chef may have delivered others' orders of today).
  const onBoard = async (period: 'day' | 'all') =>
    (await services.orders.stats.leaderboard(period)).teams.find((t) => t.team.id === team._id)?.orders ?? 0;
  const before = { day: await onBoard('day'), all: await onBoard('all') };
  expect(before.all).toBe(0);
  const kitchen = await openManager(chefContext);
  const card = kitchen.locator(`[data-order-id="${order.orderID}"]`);
  await expect(card).toContainText('Driver: you');
  await card.getByRole('button', { name: 'Deliver' }).click();
  await kitchen
    .getByRole('dialog', { name: `Deliver #${order.orderID}` })
    .getByRole('button', { name: 'Deliver' })
    .click();
  await expect(card).toHaveCount(0);

  // The team's count and Top teams go up (the listener counts after the delivery commits).
  await expect.poll(async () => (await services.teams.teams.get(team._id)).orders).toBe(1);
  const manager = await managerContext.newPage();
  await manager.goto('/staff/admin/teams');
  await expect(manager.locator('tr', { hasText: 'Orbit Diner' }).locator('[data-figure="orders"]')).toHaveText('1');
  const board = await chefContext.newPage();
  for (const period of ['day', 'all'] as const) {
    const n = before[period] + 1;
    await board.goto(`/leaderboard?period=${period}`);
    await expect(board.getByTestId('top-teams').locator('li', { hasText: 'Orbit Diner' })).toContainText(
      `${n} ${n === 1 ? 'order' : 'orders'} delivered`,
    );
  }
  await Promise.all([managerContext.close(), chefContext.close()]);
});

test('a customer joins a team on Edit Profile, wears it on their profile, and leaves it; staff are told who places them', async ({
  browser,
  diner,
}) => {
  const [customerContext, chefContext] = (await Promise.all([browser.newContext(), browser.newContext()])) as [
    BrowserContext,
    BrowserContext,
  ];
  await diner.signIn(customerContext, { username: 'fan_fiona' });
  await diner.signIn(chefContext, { username: 'chef_placed', rank: 'Chef' });
  const page = await customerContext.newPage();
  page.on('dialog', (dialog) => void dialog.accept());

  // Top teams says where to go.
  await page.goto('/leaderboard');
  await page.getByTestId('top-teams').getByRole('link', { name: 'Edit Profile' }).click();
  const choice = page.getByTestId('team-choice');
  await expect(choice.getByRole('heading', { name: 'Team' })).toBeVisible();
  const joinable = choice.getByRole('list', { name: 'Teams you can join' });
  for (const name of ['Grill Masters', 'Road Runners', 'Night Owls']) await expect(joinable).toContainText(name);

  await page.waitForLoadState('load');
  await joinable.getByRole('button', { name: 'Join Road Runners' }).click();
  await expect(page.getByTestId('toast')).toHaveText('You joined Road Runners.');
  await expect(choice).toContainText('You are in 🛵 Road Runners');
  await expect(choice.getByRole('list', { name: 'Teams you can join' })).toHaveCount(0);
  await page.goto('/users/@me');
  await expect(page.getByTestId('profile-team')).toHaveText('Team: 🛵 Road Runners');
  const me = await page.evaluate(async () => (await (await fetch('/api/v3/users/@me')).json()).user.team);
  expect(me).toBe('1100000000000000202');

  await page.goto('/users/@me/manage');
  await page.waitForLoadState('load');
  await choice.getByRole('button', { name: 'Leave Road Runners' }).click();
  await expect(page.getByTestId('toast')).toHaveText('You left Road Runners.');
  await expect(choice.getByRole('list', { name: 'Teams you can join' })).toBeVisible();

  // A chef's team is the team managers' to set: no Join there.
  const chef = await chefContext.newPage();
  await chef.goto('/users/@me/manage');
  await expect(chef.getByTestId('team-choice')).toContainText('The team managers place staff in teams.');
  await expect(chef.getByTestId('team-choice').getByRole('button')).toHaveCount(0);
  await Promise.all([customerContext.close(), chefContext.close()]);
});

test('a director edits a team, resets its orders and takes a member out of it', async ({ page, diner }) => {
  const services = diner.app.server.ctx.services as Services;
  const chef = await diner.signIn(await page.context().browser()!.newContext(), { username: 'chef_ren', rank: 'Chef' });
  const team = await teamWith(diner, 'Orbit Oven', '🪐', [chef.id]);
  await diner.signIn(page.context(), { username: 'director_dot', rank: 'Director' });
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`/staff/admin/teams?team=${team._id}#team-detail`);
  const detail = page.getByTestId('team-detail');

  await detail.getByLabel('Name').fill('Orbit Ovens');
  await detail.getByLabel('Description').fill('Pizza from every planet.');
  await detail.getByRole('button', { name: 'Save team' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Team saved.');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText('🪐 Orbit Ovens');
  expect((await services.teams.teams.list()).find((t) => t._id === team._id)?.description).toBe(
    'Pizza from every planet.',
  );

  await page.getByRole('button', { name: 'Reset orders of Orbit Ovens' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Orders reset to 0.');
  await expect(page.locator('tr', { hasText: 'Orbit Ovens' }).locator('[data-figure="orders"]')).toHaveText('0');

  await detail.getByRole('button', { name: 'Remove chef_ren from Orbit Ovens' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Removed from the team.');
  await expect(detail).toContainText('Nobody is in this team yet.');
});

test('a director who reads German manages a team in German: the list, the team form and its toast', async ({
  browser,
  diner,
}) => {
  const team = await teamWith(diner, 'Kraut Kitchen', '🥨', []);
  const context = await browser.newContext({ locale: 'de-DE' });
  await diner.signIn(context, { username: 'director_dora', rank: 'Director' });
  const page = await context.newPage();
  await page.goto('/staff/admin/teams');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Teamverwaltung');
  await expect(page.getByRole('button', { name: 'Teams ausgleichen' })).toBeVisible();
  await page.getByRole('link', { name: 'Kraut Kitchen öffnen' }).click();
  const detail = page.getByTestId('team-detail');
  await expect(detail).toContainText('Noch niemand ist in diesem Team.');
  await detail.getByLabel('Beschreibung').fill('Brezeln für alle.');
  await detail.getByRole('button', { name: 'Team speichern' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Team gespeichert.');
  expect(team._id).toBeTruthy();
  await context.close();
});
