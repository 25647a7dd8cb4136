import type { BrowserContext, Page } from '@playwright/test';
import { UserSchema } from '../../core/auth/entities.ts';
import { SESSION_COOKIE } from '../../core/auth/sessions.ts';
import {
  checkState,
  type Diner,
  expect,
  expectAccessible,
  fitsPhone,
  hydrated,
  signInWithDemoButton,
  test,
} from './fixtures.ts';
import { BEA_APPLICATION, CHEF_FORM, DRIVER_FORM, HANK_APPLICATION, VIEWERS } from './pages.ts';

/**
 * Issue 12, "Done when", journey 2: a customer applies to the Chef form (a required question left empty is refused
 * in the page and by the server), a manager puts it on hold, then accepts it; the applicant's sidebar now has the
 * staff entries and their application shows Accepted.
 */

/** A customer whose Discord account is old enough for the Chef form (30 days: the id's snowflake date is in 2016). */
async function oldCustomer(
  diner: Diner,
  context: BrowserContext,
  id: string,
  username: string,
  displayName: string,
): Promise<void> {
  const em = diner.app.server.ctx.orm.em.fork();
  em.create(UserSchema, { id, username, displayName, ban: { active: false } });
  await em.flush();
  const { token, expiresAt } = await diner.app.server.ctx.sessions.create(id);
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value: token,
      url: diner.url,
      httpOnly: true,
      sameSite: 'Lax',
      expires: expiresAt.getTime() / 1000,
    },
  ]);
}

test('§2 "/recruitment (link only when signed in)": the footer and the home page offer it to a signed-in user, not to a visitor', async ({
  page,
  diner,
}) => {
  const footer = page.locator('footer.site-footer');
  await page.goto('/');
  await expect(footer.getByRole('link', { name: 'Invite' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Recruitment' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Join the kitchen' })).toHaveCount(0);
  // The page itself stays public: a shared link still opens it.
  await page.goto('/recruitment');
  await expect(page.getByRole('heading', { name: 'Chef' })).toBeVisible();

  await diner.signIn(page.context(), { username: 'footer_reader' });
  await page.goto('/');
  await expect(footer.getByRole('link', { name: 'Recruitment' })).toHaveAttribute('href', '/recruitment');
  await expect(page.getByRole('link', { name: 'Join the kitchen' })).toHaveAttribute('href', '/recruitment');
});

test('/recruitment in German: the page, each form’s rules by plural rules, and the sign-in to apply', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/recruitment');
  await expect(page).toHaveTitle('Bewerbung | Virtual Diner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Komm in die Küche');
  const chef = page.locator('.recruitment-forms > li').filter({ has: page.getByRole('heading', { name: 'Chef' }) });
  await expect(chef.getByText('Discord-Konto mindestens 30 Tage alt')).toBeVisible();
  await expect(chef.getByText('Nach einer Absage erneut bewerben nach 14 Tagen')).toBeVisible();
  await expect(chef.getByRole('link', { name: 'Zum Bewerben anmelden' })).toBeVisible();
  await context.close();
});

test('§6: a reviewer by rank alone (the Chef rank reviews the Delivery Driver form) finds that form in the sidebar and reviews it; the Chef form stays closed, on the page and the API', async ({
  page,
  diner,
}) => {
  await diner.signIn(page.context(), { username: 'rank_reviewer_rae', rank: 'Chef' });
  const api = (path: string) => page.request.get(path);
  const forbidden = async () => {
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('toast')).toHaveText(
      'An error occurred: You have insufficient permissions to view that page.',
    );
  };

  // The sidebar: Management → Recruitment → the one form a rank of theirs reviews.
  await page.goto('/staff/dashboard');
  const sidebar = page.getByRole('complementary', { name: 'Staff' });
  await expect(sidebar.locator('.sidebar-menu-title')).toContainText(['Recruitment']);
  await sidebar.getByRole('link', { name: 'Delivery Driver' }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/admin/recruitment/${DRIVER_FORM}/applications$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Applications: Delivery Driver');
  await expect(sidebar.getByRole('link', { name: 'Delivery Driver' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('tr', { hasText: 'Brunch Bea' })).toBeVisible();
  expect((await api(`/api/client/recruitment/forms/${DRIVER_FORM}/applications`)).status()).toBe(200);

  // Bea's application: the review page, and its API.
  await page
    .locator('tr', { hasText: 'Brunch Bea' })
    .getByRole('link', { name: /Review/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/staff/admin/recruitment/${DRIVER_FORM}/applications/${BEA_APPLICATION}$`));
  await expect(page.getByLabel('New status')).toBeVisible();
  expect((await api(`/api/client/recruitment/applications/${BEA_APPLICATION}`)).status()).toBe(200);

  // The recruitment page lists their form only, read-only.
  await page.goto('/staff/admin/recruitment');
  await expect(page.locator('[data-form-id]')).toHaveCount(1);
  await expect(page.locator(`[data-form-id="${DRIVER_FORM}"]`).getByRole('link', { name: /View/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New form' })).toHaveCount(0);

  // Another form: refused on every page, as by the API.
  for (const path of [
    `/staff/admin/recruitment/${CHEF_FORM}`,
    `/staff/admin/recruitment/${CHEF_FORM}/applications`,
    `/staff/admin/recruitment/${CHEF_FORM}/applications/${HANK_APPLICATION}`,
    '/staff/admin/recruitment/create',
  ]) {
    await page.goto(path);
    await forbidden();
  }
  expect((await api(`/api/client/recruitment/forms/${CHEF_FORM}/applications`)).status()).toBe(403);
  expect((await api(`/api/client/recruitment/applications/${HANK_APPLICATION}`)).status()).toBe(403);
});

// Before the applying test below: the Chef form then has two pending applications (Hank's and Hal's).
test('a manager puts an application on hold, then accepts it; the applicant reads the reason, never the staff notes, and is staff', async ({
  page,
  browser,
  diner,
}) => {
  await oldCustomer(diner, page.context(), '1100000000000000804', 'hopeful.hal', 'Hopeful Hal');
  // Hal's application, sent as the form sends it.
  const sent = await page.request.post(`/api/client/recruitment/forms/${CHEF_FORM}/response`, {
    data: {
      answers: {
        name: 'Hal',
        shift: 'Evenings',
        dishes: ['Pizza'],
        hours: 12,
        before: false,
        why: 'Evenings at the diner are the best part of my day, and I make a mean pizza.',
      },
    },
    headers: { origin: diner.url },
  });
  expect(sent.status()).toBe(201);
  const applicationUrl = `/recruitment/applications/${((await sent.json()) as { application: { id: string } }).application.id}`;

  // The manager: Recruitment → the Chef form's applications → Hal's → On Hold, then Accepted.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signInWithDemoButton(manager, 'Morgan Manager', '/staff/dashboard');
  await manager.getByRole('complementary', { name: 'Staff' }).getByRole('link', { name: 'Recruitment' }).click();
  await expect(manager.getByRole('heading', { name: 'Recruitment', level: 1 })).toBeVisible();
  const chefCard = manager.locator(`[data-form-id="${CHEF_FORM}"]`);
  await expect(chefCard.getByRole('link', { name: 'Pending: 2' })).toBeVisible();
  // Every form, as a manager sees the page (pages.spec.ts loads it as a chef, who reviews one form).
  await checkState(manager);
  await chefCard.getByRole('link', { name: /Applications/ }).click();
  await manager.getByLabel('Search').fill('mean pizza');
  await manager.getByRole('button', { name: 'Search' }).click();
  await expect(manager.getByTestId('list-range')).toHaveText('1 application');
  await manager
    .locator('tr', { hasText: 'Hopeful Hal' })
    .getByRole('link', { name: /Review/ })
    .click();
  await expect(manager.getByText('Evenings at the diner are the best part of my day')).toBeVisible();
  await manager.getByLabel('New status').selectOption({ label: 'On Hold' });
  await manager.getByLabel('Reason').fill('We will have an evening spot next week.');
  await manager.getByLabel('Staff notes').fill('Strong pizza skills; check evenings roster.');
  await manager.getByRole('button', { name: 'Save status' }).click();
  await expect(manager.getByTestId('toast')).toHaveText('The application is on hold.');
  await expect(manager.getByRole('heading', { level: 1 })).toContainText('On Hold');
  await expect(manager.locator('.recruitment-history li').last()).toContainText('Morgan Manager');
  await checkState(manager);

  // The applicant sees On Hold with the reason, never the staff notes.
  await page.goto(applicationUrl);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('On Hold');
  await expect(page.getByText('We will have an evening spot next week.').first()).toBeVisible();
  await expect(page.getByText('Strong pizza skills')).toHaveCount(0);

  await manager.getByLabel('New status').selectOption({ label: 'Accepted' });
  await manager.getByLabel('Reason').fill('Welcome to the kitchen, Hal!');
  await manager.getByRole('button', { name: 'Save status' }).click();
  // §4: the list drops the decided application.
  await expect(manager).toHaveURL(new RegExp(`/staff/admin/recruitment/${CHEF_FORM}/applications$`));
  await expect(manager.getByTestId('toast')).toHaveText('Status saved: the applicant has been told.');
  await expect(manager.locator('tr', { hasText: 'Hopeful Hal' })).toHaveCount(0);
  await managerContext.close();

  // The applicant: Accepted, and the staff sidebar has the Chef's entries.
  await page.goto(applicationUrl);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Accepted');
  await expect(page.getByText('Welcome to the kitchen, Hal!').first()).toBeVisible();
  await expect(page.getByText('Strong pizza skills')).toHaveCount(0);
  await checkState(page);
  await page.goto('/staff/dashboard');
  const sidebar = page.getByRole('complementary', { name: 'Staff' });
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Order Manager' })).toBeVisible();
  await page.goto('/recruitment/applications');
  await expect(page.locator('li', { hasText: 'Chef' }).locator('.tag')).toHaveText('Accepted');
});

test('a customer applies to the Chef form: a question left empty is refused in the page and by the server, the draft survives a reload, the application is sent', async ({
  page,
  diner,
}) => {
  await oldCustomer(diner, page.context(), '1100000000000000801', 'aspiring.ava', 'Aspiring Ava');

  // The home page's "Join the kitchen" leads to the open forms.
  await page.goto('/');
  await page.getByRole('link', { name: 'Join the kitchen' }).click();
  await expect(page).toHaveURL(/\/recruitment$/);
  await expect(page.getByRole('heading', { name: 'Chef' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Delivery Driver' })).toBeVisible();
  await expectAccessible(page);
  await fitsPhone(page);
  await page
    .locator('li', { has: page.getByRole('heading', { name: 'Chef' }) })
    .getByRole('link', { name: 'Apply' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/recruitment/${CHEF_FORM}$`));
  await hydrated(page);

  // Everything but "why": the page refuses, next to the question, and sends nothing.
  await page.getByLabel('What should the kitchen call you?').fill('Ava');
  await page.getByRole('group', { name: 'Which shift suits you best?' }).getByLabel('Evenings').check();
  await page.getByRole('group', { name: 'Which dishes can you make?' }).getByLabel('Pizza').check();
  await page.getByLabel('How many hours a week can you give?').fill('12');
  await page
    .getByRole('group', { name: /Have you cooked in a Discord kitchen before/ })
    .getByLabel('No')
    .check();
  await page.getByRole('button', { name: 'Send application' }).click();
  const why = page.locator('[data-question="why"]');
  await expect(why.getByRole('alert')).toHaveText('This question needs an answer.');
  await expect(page.getByLabel(/Why do you want to cook/)).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/recruitment/${CHEF_FORM}$`));
  await checkState(page);

  // The server refuses the same answers on its own, naming the question.
  const refused = await page.request.post(`/api/client/recruitment/forms/${CHEF_FORM}/response`, {
    data: { answers: { name: 'Ava', shift: 'Evenings', dishes: ['Pizza'], hours: 12, before: false } },
    headers: { origin: diner.url },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({
    question: 'why',
    message: 'Why do you want to cook at the Virtual Diner?: This question needs an answer.',
  });

  // The draft survives a reload.
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel('What should the kitchen call you?')).toHaveValue('Ava');
  await expect(page.getByText('Your draft from earlier is back')).toBeVisible();
  await page
    .getByLabel(/Why do you want to cook/)
    .fill('Evenings at the diner are the best part of my day, and I make a mean pizza.');
  await expect(why.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page).toHaveURL(/\/recruitment\/applications\/\d+$/);
  await expect(page.getByTestId('toast')).toContainText('Application sent');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Pending');
});

test('a recruitment manager builds a form: questions added, moved with the keyboard, previewed; it opens for applicants', async ({
  page,
}) => {
  await signInWithDemoButton(page, 'Morgan Manager', '/staff/admin/recruitment/create');
  await hydrated(page);
  await page.getByLabel('Title').fill('Dishwasher');
  await page.getByLabel('Description').fill('Keep the **plates** shining.');
  await page.getByLabel('Rank an accepted applicant receives').selectOption({ label: 'Trainee Chef' });
  // The manager may not hand out their own rank or above.
  await expect(
    page.getByLabel('Rank an accepted applicant receives').locator('option', { hasText: 'Manager' }),
  ).toHaveCount(0);
  await page.getByLabel('Open: takes applications').check();
  await page.getByLabel('Question', { exact: true }).fill('Do you like bubbles?');
  await page.getByLabel('Type').selectOption({ label: 'Yes or no' });
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByLabel('Question', { exact: true }).nth(1)).toBeFocused();
  await page.keyboard.type('Favourite sponge?');
  await page.getByLabel('Type').nth(1).selectOption({ label: 'Single choice' });
  await page.getByLabel('Options, one per line').fill('Yellow\nGreen\nPink');
  // Moved up with the keyboard: focus follows the question.
  await page.getByRole('button', { name: 'Move up question 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Question', { exact: true }).first()).toHaveValue('Favourite sponge?');
  await expect(page.getByRole('status').filter({ hasText: 'Question moved to position 1 of 2.' })).toBeAttached();
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview as the applicant sees it' });
  await expect(preview.getByRole('group', { name: /Favourite sponge/ }).getByLabel('Green')).toBeVisible();
  await checkState(page);
  await page.getByRole('button', { name: 'Create form' }).click();
  await expect(page).toHaveURL(/\/staff\/admin\/recruitment$/);
  await expect(page.getByTestId('toast')).toHaveText('Form created.');
  await expect(page.getByRole('heading', { name: 'Dishwasher' })).toBeVisible();
  await page.goto('/recruitment');
  await expect(page.getByRole('heading', { name: 'Dishwasher' })).toBeVisible();
});

/** Holds the application form's island script until `release` is called: the form is on screen before it can run (a slow phone). */
async function holdTheForm(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/ApplicationForm\.[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('what an applicant types and ticks before the form is interactive stays, and is sent', async ({ page, diner }) => {
  await oldCustomer(diner, page.context(), '1100000000000000802', 'quick.quinn', 'Quick Quinn');
  const release = await holdTheForm(page);
  await page.goto(`/recruitment/${CHEF_FORM}`);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  await page.getByLabel('What should the kitchen call you?').fill('Quinn');
  await page.getByRole('group', { name: 'Which shift suits you best?' }).getByLabel('Evenings').check();
  await page.getByRole('group', { name: 'Which dishes can you make?' }).getByLabel('Pizza').check();
  release();
  await hydrated(page);

  await expect(page.getByLabel('What should the kitchen call you?')).toHaveValue('Quinn');
  await page.getByLabel(/Why do you want to cook/).fill('I type quickly, and I cook even more quickly than that.');
  await page.getByLabel('How many hours a week can you give?').fill('8');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page).toHaveURL(/\/recruitment\/applications\/\d+$/);
  const answer = (question: string) => page.locator('.recruitment-answer', { hasText: question }).locator('dd');
  await expect(answer('What should the kitchen call you?')).toHaveText('Quinn');
  await expect(answer('Which shift suits you best?')).toHaveText('Evenings');
  await expect(answer('Which dishes can you make?')).toHaveText('Pizza');
  await expect(answer('How many hours a week can you give?')).toHaveText('8');
});

test('Enter pressed before the form is interactive sends nothing away: the page stays, answers out of its address', async ({
  page,
  diner,
}) => {
  await oldCustomer(diner, page.context(), '1100000000000000803', 'eager.eli', 'Eager Eli');
  const release = await holdTheForm(page);
  await page.goto(`/recruitment/${CHEF_FORM}`);
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) navigations.push(request.url());
  });
  await page.getByLabel('What should the kitchen call you?').fill('Eli');
  await page.getByLabel('What should the kitchen call you?').press('Enter');
  release();
  await hydrated(page);
  expect(navigations).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/recruitment/${CHEF_FORM}$`));
  await expect(page.getByLabel('What should the kitchen call you?')).toHaveValue('Eli');
});

test("the application form in French: its buttons, yes and no, each answer's problem, how many answers need a look; My applications too (issue 44)", async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  await oldCustomer(diner, context, '1100000000000000811', 'francois.fr', 'François');
  const page = await context.newPage();
  await page.goto(`/recruitment/${CHEF_FORM}`);
  await hydrated(page);
  await expect(page.getByRole('link', { name: '← Recrutement' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: /Have you cooked in a Discord kitchen before/ }).getByLabel('Non'),
  ).toBeVisible();
  // Each question's problem in French, as the server words it (the recruitment catalogue's `schema.answer.*`): an
  // answer's once its field is left, an unanswered question's once the form is sent.
  const problemOf = (id: string) => page.locator(`[data-question="${id}"]`).getByRole('alert');
  await page.getByLabel('What should the kitchen call you?').fill('F');
  await page.getByLabel('How many hours a week can you give?').fill('61');
  await page.getByLabel('How many hours a week can you give?').blur();
  await expect(problemOf('name')).toHaveText('Au moins 2 caractères.');
  await expect(problemOf('hours')).toHaveText('Au plus 60.');
  await page.getByRole('button', { name: 'Envoyer la candidature' }).click();
  await expect(page.locator('#recruitment-form-status')).toHaveText(/^\d+ réponses sont à revoir avant l’envoi\.$/);
  await expect(problemOf('why')).toHaveText('Cette question attend une réponse.');
  await page.goto('/recruitment/applications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes candidatures');
  await expect(page.getByText('Vous n’avez pas encore candidaté.')).toBeVisible();
  await context.close();
});

test('the Recruitment Manager in German: the forms, a review with its answers and history, the status form and its toast, the builder (issue 44)', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  await diner.signInAs(context, VIEWERS.superAdmin);
  const page = await context.newPage();
  await page.goto('/staff/admin/recruitment');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rekrutierung');
  // Other tests in this file send applications to the Chef form: its count is theirs, its words are German.
  await expect(
    page.locator(`[data-form-id="${CHEF_FORM}"]`).getByRole('link', { name: /^Ausstehend: \d+$/ }),
  ).toBeVisible();

  await page.goto(`/staff/admin/recruitment/${CHEF_FORM}/applications/${HANK_APPLICATION}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ausstehend');
  await expect(page.locator('.recruitment-answers')).toContainText('Nein');
  await expect(page.locator('.recruitment-history li').first()).toContainText('Gesendet von Hungry Hank');
  await page.getByLabel('Neuer Status').selectOption({ label: 'Zurückgestellt' });
  await page.getByRole('button', { name: 'Status speichern' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Die Bewerbung ist zurückgestellt.');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Zurückgestellt');

  await page.goto('/staff/admin/recruitment/create');
  await hydrated(page);
  await page.getByRole('button', { name: 'Frage hinzufügen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Frage am Ende hinzugefügt.' })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Frage 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Nach oben (Frage 2)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Frage an Position 1 von 2 verschoben.' })).toBeAttached();
  await context.close();
});
