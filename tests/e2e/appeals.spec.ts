import { UserSchema } from '../../core/auth/entities.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { AppealSchema } from '../../plugins/appeals/entities.ts';
import { appServices } from '../../plugins/index.ts';
import { checkState, type Diner, expect, test } from './fixtures.ts';

// Each test arranges Blake's appeal through the appeals service and gives him back his seeded ban: they stand alone.
test.describe.configure({ mode: 'parallel' });

const BLAKE_BANNED = '1100000000000000006';
const REASONS = {
  whyBanned: 'I sent joke orders to the kitchen, like a **bucket of ketchup**.',
  whyLift: 'The chefs lost time on them. I will only order real food from now on.',
};

/** A user's CurrentUser, to act through the services as they would through the site. */
async function currentUser(diner: Diner, id: string): Promise<CurrentUser> {
  const { sessions } = diner.app.server.ctx;
  return (await sessions.validate((await sessions.create(id)).token))!.user;
}

const appealsOf = (diner: Diner) => appServices(diner.app.server.ctx).appeals;

/** Blake's appeal, filed through the service as his form files it. */
async function blakeAppeals(diner: Diner): Promise<string> {
  return (await appealsOf(diner).file(await currentUser(diner, BLAKE_BANNED), { ...REASONS, anythingElse: '' })).id;
}

test.describe('Blake Banned appeals his ban', () => {
  let seededBan: object;

  // The seed gives Blake a pending appeal (so the Appeal Manager has one to show): withdrawn here, so each test starts
  // from a banned user with no appeal, as a banned user arriving for the first time would.
  test.beforeEach(async ({ diner }) => {
    const em = diner.app.server.ctx.orm.em.fork();
    seededBan = { ...(await em.findOneOrFail(UserSchema, { id: BLAKE_BANNED })).ban };
    await em.nativeDelete(AppealSchema, { user: BLAKE_BANNED });
  });

  // An accepted appeal lifts the ban: Blake leaves banned, as he came, for the next test on this server.
  test.afterEach(async ({ diner }) => {
    await diner.app.server.ctx.orm.em.fork().nativeUpdate(UserSchema, { id: BLAKE_BANNED }, { ban: seededBan });
    diner.app.server.ctx.events.publish('identityChanged', { userId: BLAKE_BANNED });
  });

  test('he files an appeal from the ban page: the form checks it, shows it pending, and offers no second one', async ({
    browser,
    diner,
  }) => {
    const blakeContext = await browser.newContext();
    await diner.signInAs(blakeContext, BLAKE_BANNED);
    const blake = await blakeContext.newPage();
    await blake.goto('/');
    await expect(blake.getByRole('heading', { level: 1 })).toContainText('You are currently banned');
    await blake.getByRole('link', { name: 'File an appeal' }).click();
    await expect(blake).toHaveURL(/\/appeal\/create$/);
    await expect(blake.getByTestId('current-ban')).toContainText('Placing troll orders in the kitchen.');
    await checkState(blake);

    // The page checks the answers with the server's schema before sending them.
    await blake.getByLabel('Why were you banned?').fill('Too short');
    await blake.getByRole('button', { name: 'File appeal' }).click();
    await expect(blake.locator('[data-error-for="whyBanned"]')).toBeVisible();
    await blake.getByLabel('Why were you banned?').fill(REASONS.whyBanned);
    await blake.getByLabel('Why should the ban be lifted?').fill(REASONS.whyLift);
    await blake.getByRole('button', { name: 'File appeal' }).click();
    await expect(blake).toHaveURL(/\/appeal\/\d+$/);
    await expect(blake.getByTestId('toast')).toHaveText('Your appeal was filed.');
    await expect(blake.locator('[data-appeal-status="pending"]').first()).toHaveText('Pending');
    // Markdown shows as formatting, never as raw HTML.
    await expect(blake.locator('.appeal-answer strong')).toHaveText('bucket of ketchup');
    const appealId = blake.url().split('/').pop()!;
    await checkState(blake);
    // One open appeal at a time: the form says why it is not offered, and My Appeals lists the pending one.
    await blake.goto('/appeal/create');
    await expect(blake.getByTestId('appeal-refused')).toContainText('You already have an open appeal.');
    await blake.goto('/appeal');
    await expect(blake.locator(`a[href="/appeal/${appealId}"]`)).toContainText('Pending');
    await checkState(blake);
    await blakeContext.close();
  });

  test('three managers accept his appeal, each with a reason; the decided appeal leaves the open list', async ({
    browser,
    diner,
  }) => {
    const appealId = await blakeAppeals(diner);
    for (let i = 1; i <= 3; i++) {
      const context = await browser.newContext();
      await diner.signIn(context, { username: `appeal_manager_${i}`, rank: 'Manager' });
      const page = await context.newPage();
      await page.goto('/staff/admin/appeals?filter=pending');
      const row = page.locator(`tr[data-appeal-id="${appealId}"]`);
      await expect(row).toContainText('Blake Banned');
      await row.getByRole('link', { name: 'Review' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Appeal by Blake Banned');
      await expect(page.getByTestId('appeal-record')).toContainText('Banned');
      // A pending appeal with its vote form: the every-page pass sees a decided one.
      if (i === 1) await checkState(page);
      // A reason is required: the browser holds the vote back until there is one.
      await page.getByRole('button', { name: 'Accept' }).click();
      expect(await page.getByLabel('Reason').evaluate((el) => (el as HTMLTextAreaElement).validity.valueMissing)).toBe(
        true,
      );
      await expect(page.getByTestId('appeal-tally')).toContainText(`${i - 1} accept`);
      await page.getByLabel('Reason').fill(`Sincere apology (manager ${i}).`);
      await page.getByRole('button', { name: 'Accept' }).click();
      if (i < 3) {
        await expect(page.getByTestId('toast')).toHaveText('Vote recorded.');
        await expect(page.getByTestId('appeal-votes')).toContainText(`Sincere apology (manager ${i}).`);
      } else {
        await expect(page).toHaveURL(/\/staff\/admin\/appeals$/);
        await expect(page.getByTestId('toast')).toHaveText('Appeal accepted.');
        // §4: the list the manager lands on is the open appeals: the decided one is gone from it...
        await expect(page.getByLabel('Show')).toHaveValue('');
        await expect(page.locator(`tr[data-appeal-id="${appealId}"]`)).toHaveCount(0);
        // ...and behind the filter.
        await page.getByLabel('Show').selectOption({ label: 'Accepted' });
        await page.getByRole('button', { name: 'Search' }).click();
        await expect(page).toHaveURL(/filter=accepted/);
        await expect(page.locator(`tr[data-appeal-id="${appealId}"]`)).toContainText('Accepted');
      }
      await context.close();
    }
    expect(await appealsOf(diner).listFor(BLAKE_BANNED)).toMatchObject([{ status: 'accepted' }]);
  });

  test('a manager who reads German reviews it in German: the list, the appeal, and the vote form’s answer', async ({
    browser,
    diner,
  }) => {
    const appealId = await blakeAppeals(diner);
    const context = await browser.newContext({ locale: 'de-DE' });
    await diner.signIn(context, { username: 'appeal_manager_de', rank: 'Manager' });
    const page = await context.newPage();
    await page.goto('/staff/admin/appeals');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einspruchsverwaltung');
    const row = page.locator(`tr[data-appeal-id="${appealId}"]`);
    await expect(row).toContainText('0 dafür · 0 dagegen');
    await row.getByRole('link', { name: 'Prüfen' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einspruch von Blake Banned');
    await expect(page.getByTestId('appeal-record')).toContainText('Aktuelle Sperre');
    await page.getByLabel('Grund').fill('Noch zu früh.');
    await page.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(page.getByTestId('toast')).toHaveText('Stimme gespeichert.');
    await expect(page.getByTestId('appeal-tally')).toContainText('0 dafür · 1 dagegen');
    await context.close();
  });

  test('once his appeal is accepted, his next page is the site with the toast, and the decision names no voter', async ({
    browser,
    diner,
  }) => {
    const appealId = await blakeAppeals(diner);
    // His browser has seen the ban page (it remembers that he was banned).
    const blakeContext = await browser.newContext();
    await diner.signInAs(blakeContext, BLAKE_BANNED);
    const blake = await blakeContext.newPage();
    await blake.goto('/');
    await expect(blake.getByRole('heading', { level: 1 })).toContainText('You are currently banned');
    // Three managers accept it through the service, as their vote buttons do.
    for (let i = 1; i <= 3; i++) {
      const { id } = await diner.signIn(await browser.newContext(), { username: `appeal_voter_${i}`, rank: 'Manager' });
      await appealsOf(diner).vote(await currentUser(diner, id), appealId, {
        vote: 'accept',
        reason: `Sincere apology (manager ${i}).`,
        force: false,
      });
    }
    // Blake's next page load: the site, not the ban page, with the toast.
    await blake.goto('/');
    await expect(blake.getByTestId('toast')).toHaveText('Your ban has been lifted. Welcome back!');
    await expect(blake.getByRole('heading', { level: 1 })).not.toContainText('You are currently banned');
    await blake.goto(`/appeal/${appealId}`);
    await expect(blake.getByTestId('appeal-decision')).toContainText('Accepted');
    await expect(blake.getByTestId('appeal-decision')).toContainText('Sincere apology (manager 3).');
    // Voters stay anonymous to the appellant.
    await expect(blake.getByText('appeal_voter_1')).toHaveCount(0);
    await checkState(blake);
    await blakeContext.close();
  });
});

test('a customer blacklisted from ordering appeals the blacklist; the screens name it, and they file it', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext();
  const { id } = await diner.signIn(context, { username: 'listed_lou' });
  await blacklist(diner, id, 'Ordered 40 milkshakes for a joke.');
  const page = await context.newPage();
  await page.goto('/appeal/create');
  await expect(page.getByTestId('current-ban')).toHaveText(
    'You are blacklisted from ordering: Ordered 40 milkshakes for a joke.',
  );
  await page
    .getByLabel('Why were you blacklisted from ordering?')
    .fill('I ordered forty milkshakes to make my friends laugh.');
  await page
    .getByLabel('Why should the blacklist be lifted?')
    .fill('The kitchen lost a whole shift on them. It will not happen again.');
  await page.getByRole('button', { name: 'File appeal' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Your appeal was filed.');
  await expect(page.getByRole('heading', { name: 'The order blacklist' })).toBeVisible();
  await checkState(page);
});

test('a blacklisted customer files an appeal in French: the questions, the form and the appeal read in French (issue 44)', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const { id } = await diner.signIn(context, { username: 'lucie_listee' });
  await blacklist(diner, id, 'Quarante milkshakes.');
  const page = await context.newPage();
  await page.goto('/appeal/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Faire un recours');
  await expect(page.getByTestId('current-ban')).toHaveText(
    'Vous êtes sur la liste noire des commandes : Quarante milkshakes.',
  );
  await expect(page.getByText('20 à 2 000 caractères', { exact: false }).first()).toBeVisible();
  await page
    .getByLabel('Pourquoi avez-vous été mis sur la liste noire des commandes ?')
    .fill('J’ai commandé quarante milkshakes pour faire rire mes amis.');
  await page
    .getByLabel('Pourquoi la liste noire devrait-elle être levée ?')
    .fill('La cuisine a perdu un service entier. Cela ne se reproduira pas.');
  await page.getByRole('button', { name: 'Envoyer le recours' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Votre recours a été envoyé.');
  await expect(page.getByRole('heading', { name: 'La liste noire des commandes', exact: true })).toBeVisible();
  await expect(page.locator('[data-appeal-status]')).toHaveText('En attente');
  await context.close();
});

/** Sam Owner (a demo SUPER_ADMIN) blacklists a user from ordering, as the User Manager would. */
async function blacklist(diner: Diner, id: string, reason: string): Promise<void> {
  const { token } = await diner.app.server.ctx.sessions.create('1100000000000000005');
  const listed = await fetch(`${diner.url}/api/client/admin/blacklist/${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { active: true, reason } }),
  });
  expect(listed.status).toBe(200);
}
