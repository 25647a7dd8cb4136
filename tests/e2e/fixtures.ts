import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { UserSchema } from '../../core/auth/entities.ts';
import { SESSION_COOKIE } from '../../core/auth/sessions.ts';
import { type StartedApp, startApp } from '../../core/boot.ts';
import { loadConfig } from '../../core/config.ts';
import { newId } from '../../core/ids.ts';
import { type Permission, toBits } from '../../core/shared/permissions.ts';
import { plugins } from '../../plugins/index.ts';
import { addRankIn, rankNamedIn } from '../../plugins/ranks/index.ts';
import { type AdNetworkStandIn, startAdNetworkStandIn } from '../stand-ins/ad-network/server.ts';
import { APPLICATION_ID, createInteractionSigner, type InteractionSigner } from '../stand-ins/discord/interactions.ts';
import { type DiscordStandIn, startDiscordStandIn } from '../stand-ins/discord/server.ts';
import { type StripeStandIn, startStripeStandIn } from '../stand-ins/stripe/server.ts';
import { freePort } from '../support/spawn-server.ts';

export interface Diner {
  app: StartedApp;
  url: string;
  /** A user with a live session, signed in to the given browser context. */
  signIn(
    context: BrowserContext,
    user?: { username?: string; permissions?: Permission[]; rank?: string; perks?: string[] },
  ): Promise<{ id: string; token: string }>;
  /** A live session for an existing user (a demo user, one a test made), signed in to the given browser context. */
  signInAs(context: BrowserContext, id: string): Promise<void>;
}

/**
 * A real server for each spec file: the same startApp that `npm start` runs, on a free port, with a fresh embedded
 * database in a temp folder (made from the build's migrated template, the demo data added as it starts), so no file
 * sees what another left behind. In-process, so tests can reach its services to arrange what the browser then sees. A worker keeps the current
 * file's server and replaces it when it moves to another file; when a file's tests run in parallel, each worker
 * has its own server for it (such a file's tests must not depend on each other).
 */
export const test = base.extend<
  { diner: Diner },
  {
    servers: DinerServers;
    discordOAuth: boolean;
    discordBot: boolean;
    discord: DiscordStandIn | null;
    interactionSigner: InteractionSigner | null;
    adNetwork: boolean;
    ads: AdNetworkStandIn | null;
    stripeBilling: boolean;
    stripe: StripeStandIn | null;
  }
>({
  /** true: the server signs in through the Discord stand-in (no dev sign-in); false: dev sign-in. */
  discordOAuth: [false, { option: true, scope: 'worker' }],
  /** true: the bot is configured against the stand-in: signed HTTP interactions and REST deliveries. */
  discordBot: [false, { option: true, scope: 'worker' }],
  discord: [
    async ({ discordOAuth, discordBot }, use) => {
      if (!discordOAuth && !discordBot) return use(null);
      const discord = await startDiscordStandIn();
      discord.addUser({ id: '181818181818181818', username: 'hungry_guest', global_name: 'Hungry Guest' });
      await use(discord);
      await discord.close();
    },
    { scope: 'worker' },
  ],
  /** Signs interactions the way Discord does, with the key pair whose public half the server trusts. */
  interactionSigner: [
    async ({ discordBot }, use) => {
      await use(discordBot ? createInteractionSigner() : null);
    },
    { scope: 'worker' },
  ],
  /** true: the server is configured with the ad network stand-in (`ads`); false: no ad network. */
  adNetwork: [false, { option: true, scope: 'worker' }],
  ads: [
    async ({ adNetwork }, use) => {
      if (!adNetwork) return use(null);
      const ads = await startAdNetworkStandIn();
      await use(ads);
      await ads.close();
    },
    { scope: 'worker' },
  ],
  /** true: the server's Stripe is the stand-in (`stripe`), webhooks included; false: payments not set up. */
  stripeBilling: [false, { option: true, scope: 'worker' }],
  stripe: [
    async ({ stripeBilling }, use) => {
      if (!stripeBilling) return use(null);
      const stripe = await startStripeStandIn();
      await use(stripe);
      await stripe.close();
    },
    { scope: 'worker' },
  ],
  servers: [
    async ({ discord, discordOAuth, interactionSigner, ads, stripe }, use) => {
      const servers = new DinerServers(() => startDiner({ discord, discordOAuth, interactionSigner, ads, stripe }));
      await use(servers);
      await servers.close();
    },
    { scope: 'worker' },
  ],
  diner: async ({ servers }, use, testInfo) => {
    await use(await servers.forFile(testInfo.file));
  },
  baseURL: async ({ diner }, use) => {
    await use(diner.url);
  },
});

interface DinerNeeds {
  discord: DiscordStandIn | null;
  discordOAuth: boolean;
  interactionSigner: InteractionSigner | null;
  ads: AdNetworkStandIn | null;
  stripe: StripeStandIn | null;
}

interface RunningDiner extends Diner {
  stop(): Promise<void>;
}

/** Starts a server as `npm start` does, configured with the worker's stand-ins. */
async function startDiner({
  discord,
  discordOAuth,
  interactionSigner,
  ads,
  stripe,
}: DinerNeeds): Promise<RunningDiner> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vd-e2e-'));
  // Chosen before the start, unlike startServer's PORT=0: PUBLIC_URL (the sign-in's redirect, Stripe's and the ad
  // network's return links) is made from PORT. A listen on a port taken meanwhile throws: the file fails, loudly.
  const port = String(await freePort());
  const oauthEnv =
    discord && discordOAuth
      ? {
          DISCORD_CLIENT_ID: discord.clientId,
          DISCORD_CLIENT_SECRET: discord.clientSecret,
          DISCORD_API_URL: discord.apiUrl,
        }
      : {};
  const botEnv =
    discord && interactionSigner
      ? {
          DISCORD_API_URL: discord.apiUrl,
          DISCORD_PUBLIC_KEY: interactionSigner.publicKey,
          DISCORD_TOKEN: discord.botToken,
          DISCORD_APPLICATION_ID: APPLICATION_ID,
        }
      : {};
  const stripeEnv = stripe?.env ?? {};
  stripe?.setWebhookUrl(`http://127.0.0.1:${port}/api/stripe/webhook`);
  // The kitchen cooks in 2 s here rather than 3 minutes, so journeys reach delivery in a test's time.
  const config = loadConfig(
    {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ORDER_COOKING_TIME_S: '2',
      ...oauthEnv,
      ...botEnv,
      ...ads?.env,
      ...stripeEnv,
    },
    plugins,
  );
  const app = await startApp(config, plugins, path.resolve('dist'));
  const sessionCookie = async (context: BrowserContext, id: string): Promise<string> => {
    const { token, expiresAt } = await app.server.ctx.sessions.create(id);
    await context.addCookies([
      {
        name: SESSION_COOKIE,
        value: token,
        url: app.url,
        httpOnly: true,
        sameSite: 'Lax',
        expires: expiresAt.getTime() / 1000,
      },
    ]);
    return token;
  };
  return {
    app,
    url: app.url,
    async signIn(context, user = {}) {
      const em = app.server.ctx.orm.em.fork();
      const id = newId();
      em.create(UserSchema, {
        id,
        username: user.username ?? `e2e${id.slice(-5)}`,
        permissions: toBits(user.permissions ?? []),
        manualPerks: user.perks ?? [],
        ban: { active: false },
      });
      await em.flush();
      if (user.rank) await addRankIn(em, id, (await rankNamedIn(em, user.rank))!.id);
      return { id, token: await sessionCookie(context, id) };
    },
    async signInAs(context, id) {
      await sessionCookie(context, id);
    },
    async stop() {
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A worker's servers: the one for the spec file it runs now, made when the file's first test asks for it. */
class DinerServers {
  readonly #start: () => Promise<RunningDiner>;
  #current: { file: string; diner: Promise<RunningDiner> } | null = null;

  constructor(start: () => Promise<RunningDiner>) {
    this.#start = start;
  }

  async forFile(file: string): Promise<Diner> {
    if (this.#current?.file !== file) {
      await this.close();
      this.#current = { file, diner: this.#start() };
    }
    return this.#current.diner;
  }

  async close(): Promise<void> {
    const current = this.#current;
    this.#current = null;
    if (current) await (await current.diner).stop();
  }
}

export { expect };

/**
 * At the phone width (390 px) nothing makes the page wider than the screen; the page is left at the desktop width.
 * Screenshots are for people, not tests: `npm run test:visual` takes them (tests/visual/).
 */
export async function fitsPhone(page: Page, name = page.url()): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `${name} at 390 px is wider than the screen`,
    })
    .toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Waits for the CSS transitions and finite animations under way to end: a colour-scheme switch starts some (a
 * button's background eases to its dark colour), and axe reading a colour half-way reports contrast the page never
 * settles on. Endless and paused ones (a spinner, the snow) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter(
        (a) =>
          a.playState === 'running' &&
          Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY)),
      );
    // Polled, not awaited through `finished`: the headless browser may settle an animation's state without
    // resolving that promise until a later frame, which kept every look() waiting for the ceiling. The ceiling is far
    // above any transition of ours (they last under a second), should one be held up.
    const deadline = performance.now() + 5000;
    while (ending.some((a) => a.playState === 'running') && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

/** The page's server islands (the user menu, live figures) are in place: Astro removes each one's loader as it lands. */
export async function serverIslandsLoaded(page: Page): Promise<void> {
  await expect(page.locator('script[data-island-id]')).toHaveCount(0);
}

/**
 * The page is ready for the user: its server islands have landed and its React islands have hydrated (Astro takes
 * the `ssr` mark off an island once it has), so what is typed or pressed now is handled and every control is drawn.
 */
export async function hydrated(page: Page): Promise<void> {
  await serverIslandsLoaded(page);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** The controls shorter than a thumb (44 px, docs/site-patterns.md), as the page is drawn now (on a touch screen). */
export function controlsBelowThumbSize(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'button, a.button, .input, .select select, .menu-list a, .list-pager a, .list-sorts a, label.checkbox, label.radio',
      ),
    ]
      .filter((el) => el.checkVisibility() && el.getClientRects().length > 0)
      .map((el) => ({ el, height: el.getBoundingClientRect().height }))
      .filter(({ height }) => height > 0 && height < 43.5)
      .map(
        ({ el, height }) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}" ${height.toFixed(1)} px`,
      ),
  );
}

/**
 * axe-core finds no serious or critical accessibility violation, on the page at rest: its islands hydrated (a
 * control disabled until then fades to its colours as it is enabled, and axe must not read it mid-way) and its
 * transitions over. Legacy mode runs `axe.run` in
 * the page itself, which checks the page and its same-origin frames (the site has no frame of its own); the default
 * mode would finish every check in a new blank page, which tripled its time. Only violations are read, so only they
 * are collected.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await hydrated(page);
  await settled(page);
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * A state of a screen that no page load shows (a dialog open, a form's errors, a journey's result): axe in the light
 * and the dark scheme, and nothing wider than a phone. Plain pages are checked once, by tests/e2e/pages.spec.ts.
 * The page is left in the light scheme at the desktop width.
 */
export async function checkState(page: Page): Promise<void> {
  await expectAccessible(page);
  await fitsPhone(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * The calls `page` makes from now on to the API paths `path` matches, as `METHOD /path`: a form that checks what it
 * sends with the route's schema first makes none for what that schema refuses. Read once the refusal shows: a call
 * made would have been sent before the server's answer could show it.
 */
export function callsTo(page: Page, path: RegExp): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && path.test(url.pathname)) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

/** Signs in through the login page's demo-user button (the dev sign-in), landing on `redirect`. */
export async function signInWithDemoButton(page: Page, name: string, redirect: string): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
