import { DEMO_USERS } from '../../plugins/users/seed.ts';
import { everyPage, visitAll } from './csp.ts';
import { test } from './fixtures.ts';

/**
 * Every page, anonymously and as every demo role, breaks nothing in the Content-Security-Policy (./csp.ts): the site's
 * pages and the staff pages in two tests per role. They only read, so they run side by side.
 */
test.describe.configure({ mode: 'parallel' });

const PARTS = [
  { part: 'the site', holds: (path: string) => !path.startsWith('/staff/') },
  { part: 'the staff screens', holds: (path: string) => path.startsWith('/staff/') },
];

for (const role of ['anonymous', ...DEMO_USERS.map((u) => u.username)]) {
  for (const { part, holds } of PARTS) {
    test(`no page of ${part} breaks the Content-Security-Policy as ${role}`, async ({ browser, diner }) => {
      const user = DEMO_USERS.find((u) => u.username === role);
      await visitAll(browser, diner, role, user?.id ?? null, (await everyPage(diner)).filter(holds));
    });
  }
}
