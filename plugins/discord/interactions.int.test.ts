import { type APIEmbed, type APIInteraction, InteractionResponseType, MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserSchema } from '../../core/auth/entities.ts';
import { toBits } from '../../core/shared/permissions.ts';
import {
  type CommandOptions,
  commandInteraction,
  createInteractionSigner,
  type InteractionSigner,
  pingInteraction,
} from '../../tests/stand-ins/discord/interactions.ts';
import { type DiscordStandIn, startDiscordStandIn } from '../../tests/stand-ins/discord/server.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import type { OrdersPlugin } from '../orders/index.ts';
import type { DiscordPlugin } from './index.ts';
import { botEnv } from './test-helpers.ts';

const PUBLIC_URL = 'https://diner.test';
const GUILD = '800000000000000001';
const CHANNEL = '700000000000000001';

interface Answer {
  type: number;
  data: { content?: string; embeds?: APIEmbed[]; flags?: number; allowed_mentions?: unknown };
}

/** Discord's side: signed slash commands into POST /api/interactions; the stand-in records what the bot sends. */
describe('HTTP interactions and the bot', () => {
  let app: TestApp;
  let discord: DiscordStandIn;
  let signer: InteractionSigner;
  let clock = Date.now();
  let n = 0;
  /** A fresh Discord user each time: cooldowns and one-order rules are per user. */
  const customer = () => {
    n += 1;
    return { id: `5000000000000${String(100000 + n)}`, username: `customer${n}`, global_name: `Customer ${n}` };
  };

  beforeAll(async () => {
    discord = await startDiscordStandIn({ botToken: 'bot-token' });
    signer = createInteractionSigner();
    app = await createTestApp({
      env: {
        ORDER_SWEEP_INTERVAL_MS: '0',
        ORDER_COOKING_TIME_S: '0',
        PUBLIC_URL,
        DISCORD_PUBLIC_KEY: signer.publicKey,
        ...botEnv(discord),
        BOT_INVITE_URL: 'https://discord.com/oauth2/authorize?client_id=1',
        BOT_ORDER_COOLDOWN_S: '30',
      },
      now: () => clock,
    });
  });
  afterAll(async () => {
    await app?.close();
    await discord?.close();
  });
  beforeEach(() => {
    clock = Date.now();
  });

  const services = () => app.server.ctx.services as { orders: OrdersPlugin; discord: DiscordPlugin };

  async function send(interaction: APIInteraction | object, headers?: Record<string, string>) {
    const payload = JSON.stringify(interaction);
    return app.inject({
      method: 'POST',
      url: '/api/interactions',
      payload,
      headers: headers ?? signer.headers(payload, Math.floor(clock / 1000)),
    });
  }

  async function command(name: string, options: CommandOptions): Promise<Answer & { token: string }> {
    const interaction = commandInteraction(name, options);
    const res = await send(interaction);
    expect(res.statusCode).toBe(200);
    return { ...(res.json() as Answer), token: interaction.token };
  }

  const ephemeral = (answer: Answer) => ((answer.data.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
  const field = (embed: APIEmbed | undefined, name: string) => embed?.fields?.find((f) => f.name === name)?.value;

  describe('the endpoint', () => {
    it('answers a PING with a PONG', async () => {
      const res = await send(pingInteraction());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ type: InteractionResponseType.Pong });
    });

    it('refuses a bad signature with 401, Discord’s deliberate probes included', async () => {
      const payload = JSON.stringify(pingInteraction());
      const good = signer.headers(payload, Math.floor(clock / 1000));
      const other = createInteractionSigner().headers(payload, Math.floor(clock / 1000));
      const flipped = good['x-signature-ed25519']!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      const cases: Record<string, string>[] = [
        { 'content-type': 'application/json' },
        other,
        { ...good, 'x-signature-ed25519': flipped },
        { ...good, 'x-signature-ed25519': 'zz' },
        { ...good, 'x-signature-timestamp': String(Number(good['x-signature-timestamp']) + 1) },
        signer.headers(payload, Math.floor(clock / 1000) - 3600),
      ];
      for (const headers of cases) {
        const res = await app.inject({ method: 'POST', url: '/api/interactions', payload, headers });
        expect(res.statusCode).toBe(401);
      }
      // The same bytes, signed, but altered after signing.
      const res = await app.inject({
        method: 'POST',
        url: '/api/interactions',
        payload: payload.replace('"version":1', '"version":2'),
        headers: good,
      });
      expect(res.statusCode).toBe(401);
    });

    it("words its refusals in the request's language: English to one that names none", async () => {
      const payload = JSON.stringify(pingInteraction());
      const unsigned = (language?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/interactions',
          payload,
          headers: { 'content-type': 'application/json', ...(language ? { 'accept-language': language } : {}) },
        });
      const unauthorized = { statusCode: 401, error: 'Unauthorized' };
      expect((await unsigned('fr-CA')).json()).toEqual({
        ...unauthorized,
        message: 'Signature de la requête invalide',
      });
      expect((await unsigned()).json()).toEqual({ ...unauthorized, message: 'Invalid request signature' });
    });

    it('answers a signed body that is not an interaction with 400, never a 500 (null, no data, no user, odd text)', async () => {
      const command = commandInteraction('menu', { user: customer() }) as unknown as Record<string, unknown>;
      const cases: [string, unknown][] = [
        ['null', null],
        ['a number', 42],
        ['an array', [1, 2]],
        ['no type', { id: '1', token: 't' }],
        ['a command without data', { ...command, data: undefined }],
        ['a command with data null', { ...command, data: null }],
        ['a command without a user', { ...command, member: undefined, user: undefined }],
        ['a command name with a NUL', { ...command, data: { ...(command.data as object), name: 'me\u0000nu' } }],
        [
          'a username with a lone surrogate',
          { ...command, member: undefined, user: { id: '500000000000000999', username: '\ud800' } },
        ],
      ];
      for (const [label, body] of cases) {
        const res = await send(body as object);
        expect(res.statusCode, label).toBe(400);
        expect(res.json(), label).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      }
    });

    it("says its schema's own message in the request's language, English without one", async () => {
      const command = commandInteraction('menu', { user: customer() }) as unknown as Record<string, unknown>;
      const body = { ...command, member: undefined, user: undefined };
      const headers = (language?: string) => ({
        ...signer.headers(JSON.stringify(body), Math.floor(clock / 1000)),
        ...(language ? { 'accept-language': language } : {}),
      });
      const refused = { statusCode: 400, error: 'Bad Request' };
      expect((await send(body, headers('fr'))).json()).toMatchObject({
        ...refused,
        message: 'Une interaction nomme son utilisateur',
      });
      expect((await send(body, headers())).json()).toMatchObject({
        ...refused,
        message: 'An interaction names its user',
      });
    });

    it('stores a user whose avatar hash is longer than the column safely: no avatar rather than a 500', async () => {
      const odd = {
        id: '500000000000000777',
        username: 'odd_one',
        global_name: 'Odd One',
        avatar: 'a_'.padEnd(400, 'f'),
      };
      const answer = await command('order', { user: odd, options: { item: 'Toast' } });
      expect(answer.type).toBe(InteractionResponseType.ChannelMessageWithSource);
      const row = await app.db.orm.em.fork().findOneOrFail(UserSchema, { id: odd.id });
      expect(row).toMatchObject({ username: 'odd_one', displayName: 'Odd One', avatar: null });
    });

    it('does not exist without DISCORD_PUBLIC_KEY', async () => {
      const bare = await createTestApp();
      try {
        const payload = JSON.stringify(pingInteraction());
        const res = await bare.inject({
          method: 'POST',
          url: '/api/interactions',
          payload,
          headers: signer.headers(payload),
        });
        expect(res.statusCode).toBe(404);
      } finally {
        await bare.close();
      }
    });

    it('answers an unknown command with an ephemeral reply', async () => {
      const answer = await command('nonsense', { user: customer() });
      expect(answer.type).toBe(InteractionResponseType.ChannelMessageWithSource);
      expect(ephemeral(answer)).toBe(true);
      expect(answer.data.content).toMatch(/do not know that command/);
    });
  });

  describe('/order', () => {
    it('places the order and answers with a public embed: order ID and status; mentions become names', async () => {
      const user = customer();
      const friend = {
        id: '600000000000000009',
        username: 'friend',
        global_name: 'Best Friend',
        discriminator: '0',
        avatar: null,
      };
      const answer = await command('order', {
        user,
        options: { item: `  A burger for <@${friend.id}> please ` },
        resolvedUsers: [friend],
      });
      expect(ephemeral(answer)).toBe(false);
      const embed = answer.data.embeds![0]!;
      const orderID = field(embed, 'Order ID')!;
      expect(orderID).toMatch(/^[A-Z2-9]{6}$/);
      expect(field(embed, 'Status')).toBe('Waiting in the kitchen');
      expect(answer.data.allowed_mentions).toEqual({ parse: [] });
      const order = await services().orders.orders.get(orderID);
      expect(order).toMatchObject({
        item: 'A burger for @Best Friend please',
        guildId: GUILD,
        channelId: CHANNEL,
        status: 'ORDERED',
      });
      expect(order.mentions).toEqual([{ id: friend.id, name: 'Best Friend' }]);
      // The customer is known by name in the kitchen now.
      expect(order.orderedBy).toMatchObject({ id: user.id, username: user.username, displayName: user.global_name });
    });

    it("answers in the customer's language: the reply, the status embed and /status", async () => {
      const user = customer();
      const answer = await command('order', { user, locale: 'pt-BR', options: { item: 'Pão de queijo' } });
      const embed = answer.data.embeds![0]!;
      const orderID = field(embed, 'ID do pedido')!;
      expect(orderID).toMatch(/^[A-Z2-9]{6}$/);
      expect(answer.data.content).toBe(
        `Seu pedido **${orderID}** está na cozinha. Esta mensagem o acompanha até a entrega.`,
      );
      expect(embed.title).toBe(`Pedido ${orderID}`);
      expect(field(embed, 'Situação')).toBe('Aguardando na cozinha');
      const status = await command('status', { user, locale: 'de' });
      expect(field(status.data.embeds![0], 'Status')).toBe('Wartet in der Küche');
      const cancel = await command('cancel', { user, locale: 'es-419' });
      expect(cancel.data.content).toBe(`El pedido **${orderID}** está cancelado.`);
      expect(field(cancel.data.embeds![0], 'Motivo')).toBe('Cancelado por el cliente.');
    });

    it("gives the ordering rules' refusals in the customer's language, and the API's in English", async () => {
      const user = customer();
      const link = await command('order', { user, locale: 'fr', options: { item: 'Frites de https://x.test' } });
      expect(link.data.content).toBe('Les liens ne sont pas autorisés dans une commande.');
      const first = await command('order', { user, locale: 'de', options: { item: 'Currywurst' } });
      const orderID = field(first.data.embeds![0], 'Bestellnummer')!;
      clock += 60_000;
      const second = await command('order', { user, locale: 'de', options: { item: 'Noch eine' } });
      expect(second.data.content).toBe(`Du hast schon eine offene Bestellung (${orderID}).`);
      const english = await command('order', { user, options: { item: 'One more' } });
      expect(english.data.content).toBe(`You already have an active order (${orderID}).`);
    });

    it('refuses a second active order', async () => {
      const user = customer();
      const first = await command('order', { user, options: { item: 'Fries' } });
      const orderID = field(first.data.embeds![0], 'Order ID');
      clock += 60_000; // past the cooldown: the one-order rule answers
      const second = await command('order', { user, options: { item: 'More fries' } });
      expect(ephemeral(second)).toBe(true);
      expect(second.data.content).toBe(`You already have an active order (${orderID}).`);
    });

    it('refuses links, @everyone/@here, role mentions, and text outside 1 to 200 characters', async () => {
      const cases: [string, RegExp][] = [
        ['Pizza from https://example.com/pizza', /Links are not allowed/],
        ['Pizza www.example.com', /Links are not allowed/],
        ['Pizza discord.gg/abc', /Links are not allowed/],
        ['Pizza for @everyone', /@everyone, @here or a role/],
        ['Pizza for @here', /@everyone, @here or a role/],
        ['Pizza for <@&123456789012345678>', /@everyone, @here or a role/],
        ['x'.repeat(201), /at most 200 characters/],
        ['   ', /what you would like/],
      ];
      for (const [item, message] of cases) {
        const answer = await command('order', { user: customer(), options: { item } });
        expect(ephemeral(answer), item).toBe(true);
        expect(answer.data.content, item).toMatch(message);
      }
      const ok = await command('order', { user: customer(), options: { item: 'y'.repeat(200) } });
      expect(ephemeral(ok)).toBe(false);
    });

    it('refuses while the kitchen is closed, with the reason', async () => {
      await app.server.ctx.services.settings;
      const settings = (
        app.server.ctx.services as { settings: { set(k: string, v: unknown, by: string | null): Promise<unknown> } }
      ).settings;
      await settings.set('kitchen', { open: false, reason: 'We are cleaning the grill.' }, null);
      try {
        const answer = await command('order', { user: customer(), options: { item: 'Pancakes' } });
        expect(ephemeral(answer)).toBe(true);
        expect(answer.data.content).toBe('The kitchen is closed: We are cleaning the grill.');
      } finally {
        await settings.set('kitchen', { open: true, reason: '' }, null);
      }
    });

    it('refuses a banned customer with the reason, the expiry and where to appeal', async () => {
      const expires = new Date(Date.now() + 86_400_000);
      const banned = await app.createUser({ ban: { reason: 'Troll orders', expires } });
      const answer = await command('order', { user: { id: banned.id, username: 'banned' }, options: { item: 'Soup' } });
      expect(ephemeral(answer)).toBe(true);
      expect(answer.data.content).toBe(
        `You are currently banned from this website for the following reason: Troll orders This ban will expire on ${expires.toUTCString()}. You can appeal at ${PUBLIC_URL}/appeal`,
      );
      // In the caller's language: the same sentences, the end as French writes it (in UTC), the reason as written.
      const french = await command('order', {
        user: { id: banned.id, username: 'banned' },
        locale: 'fr',
        options: { item: 'Soupe' },
      });
      const end = new Intl.DateTimeFormat('fr', { dateStyle: 'full', timeStyle: 'long', timeZone: 'UTC' }).format(
        expires,
      );
      expect(french.data.content).toBe(
        `Vous êtes actuellement banni de ce site pour la raison suivante : Troll orders Ce bannissement prendra fin le ${end}. Vous pouvez déposer un recours sur ${PUBLIC_URL}/appeal`,
      );
    });

    it('refuses a blacklisted customer, and takes their order once the blacklist is lifted', async () => {
      const listed = await app.createUser();
      const manager = await app.createUser({ rankPermissions: ['MANAGE_USERS'] });
      const blacklist = (active: boolean) =>
        app.inject({
          method: 'POST',
          url: `/api/client/admin/blacklist/${listed.id}`,
          headers: manager.auth,
          payload: { data: { active, reason: 'Spam' } },
        });
      expect((await blacklist(true)).statusCode).toBe(200);
      const refused = await command('order', { user: { id: listed.id, username: 'listed' }, options: { item: 'Tea' } });
      expect(ephemeral(refused)).toBe(true);
      expect(refused.data.content).toBe(
        `You are blacklisted from ordering: Spam You can appeal at ${PUBLIC_URL}/appeal`,
      );
      const french = await command('order', {
        user: { id: listed.id, username: 'listed' },
        locale: 'fr',
        options: { item: 'Thé' },
      });
      expect(french.data.content).toBe(
        `Vous êtes sur la liste noire des commandes : Spam Vous pouvez déposer un recours sur ${PUBLIC_URL}/appeal`,
      );
      expect((await blacklist(false)).statusCode).toBe(200);
      const placed = await command('order', { user: { id: listed.id, username: 'listed' }, options: { item: 'Tea' } });
      expect(ephemeral(placed)).toBe(false);
    });

    it('holds a per-user cooldown between orders', async () => {
      const user = customer();
      await command('order', { user, options: { item: 'Salad' } });
      const cancelled = await command('cancel', { user });
      expect(cancelled.data.content).toMatch(/is cancelled/);
      clock += 10_000;
      const early = await command('order', { user, options: { item: 'Salad again' } });
      expect(ephemeral(early)).toBe(true);
      expect(early.data.content).toBe('You ordered a moment ago. Please wait 20 seconds before ordering again.');
      clock += 20_000;
      const later = await command('order', { user, options: { item: 'Salad again' } });
      expect(ephemeral(later)).toBe(false);
    });

    it('keeps the customer’s name as Discord says it', async () => {
      const user = customer();
      await command('order', { user, options: { item: 'Bagel' } });
      await command('cancel', { user });
      clock += 60_000;
      const renamed = await command('order', {
        user: { ...user, global_name: 'New Name', avatar: 'abc' },
        options: { item: 'Bagel' },
      });
      const order = await services().orders.orders.get(field(renamed.data.embeds![0], 'Order ID')!);
      expect(order.orderedBy).toMatchObject({ displayName: 'New Name', avatar: 'abc' });
    });

    it('refuses when the bot cannot see, post or embed in the channel; and outside a server', async () => {
      const noEmbeds = await command('order', {
        user: customer(),
        options: { item: 'Cake' },
        appPermissions: String((1n << 10n) | (1n << 11n)),
      });
      expect(ephemeral(noEmbeds)).toBe(true);
      expect(noEmbeds.data.content).toMatch(/I need to see this channel/);
      const dm = await command('order', { user: customer(), options: { item: 'Cake' }, guildId: null });
      expect(dm.data.content).toMatch(/placed in a server/);
    });
  });

  describe('the other commands', () => {
    it('/status and /cancel: the caller’s active order only to them; none is said plainly', async () => {
      const user = customer();
      expect((await command('status', { user })).data.content).toMatch(/no active order/);
      expect((await command('cancel', { user })).data.content).toMatch(/no active order/);
      const placed = await command('order', { user, options: { item: 'Noodles' } });
      const orderID = field(placed.data.embeds![0], 'Order ID');
      const status = await command('status', { user });
      expect(ephemeral(status)).toBe(true);
      expect(field(status.data.embeds![0], 'Order ID')).toBe(orderID);
      const cancel = await command('cancel', { user });
      expect(ephemeral(cancel)).toBe(true);
      expect(field(cancel.data.embeds![0], 'Status')).toBe('Cancelled');
      expect(field(cancel.data.embeds![0], 'Reason')).toBe('Cancelled by the customer.');
      expect((await services().orders.orders.get(orderID!)).status).toBe('CANCELLED');
    });

    it('/cancel once cooking has started: too late', async () => {
      const user = customer();
      const chef = await app.createUser({ permissions: ['MANAGE_ORDERS'] });
      const placed = await command('order', { user, options: { item: 'Ramen' } });
      const orderID = field(placed.data.embeds![0], 'Order ID')!;
      const { orders } = services().orders;
      await orders.claim({ id: chef.id, permissions: toBits(['MANAGE_ORDERS']) }, orderID);
      await orders.prepare({ id: chef.id, permissions: toBits(['MANAGE_ORDERS']) }, orderID, {
        images: ['https://img.test/ramen.png'],
        chefNote: null,
      });
      const cancel = await command('cancel', { user });
      expect(ephemeral(cancel)).toBe(true);
      expect(cancel.data.content).toBe(
        `Order **${orderID}** is already being prepared: it can no longer be cancelled.`,
      );
    });

    it('/menu, /leaderboard, /profile, /help, /invite', async () => {
      await services().orders.foodLookup.create(
        { id: '100000000000000001', username: 'owner', displayName: null },
        { name: 'Cheeseburger', keywords: ['burger'], images: ['https://img.test/burger.png'] },
      );
      const menu = await command('menu', { user: customer() });
      expect(menu.data.embeds![0]!.description).toContain('• Cheeseburger');
      const board = await command('leaderboard', { user: customer() });
      expect(board.data.embeds![0]!.fields!.map((f) => f.name)).toEqual(['Chefs', 'Drivers', 'Customers']);
      const me = customer();
      const profile = await command('profile', { user: me });
      expect(profile.data.embeds![0]).toMatchObject({
        title: `${me.global_name} at the Virtual Diner`,
        url: `${PUBLIC_URL}/users/${me.id}`,
      });
      const other = {
        id: '600000000000000042',
        username: 'other',
        global_name: null,
        discriminator: '0',
        avatar: null,
      };
      const theirs = await command('profile', {
        user: me,
        options: [{ name: 'user', type: 6, value: other.id }],
        resolvedUsers: [other],
      });
      expect(theirs.data.embeds![0]!.title).toBe('other at the Virtual Diner');
      const help = await command('help', { user: me });
      // Every command the plugins' definitions declare (the app's, ctx.commands).
      expect(app.server.ctx.commands.length).toBeGreaterThan(5);
      for (const { data } of app.server.ctx.commands) {
        expect(help.data.embeds![0]!.description).toContain(`/${data.name}\` ${data.description}`);
      }
      const invite = await command('invite', { user: me });
      expect(invite.data.content).toContain('https://discord.com/oauth2/authorize?client_id=1');
    });

    it("answers in the caller's Discord language: /help lists the commands by their French names", async () => {
      const me = customer();
      const help = await command('help', { user: me, locale: 'fr' });
      const embed = help.data.embeds![0]!;
      expect(embed.title).toBe('Virtual Diner : commandes');
      expect(embed.description).toContain('`/commander` Commander à manger à la cuisine de Virtual Diner');
      expect(embed.description).toContain('`/cuisine` Ouvrir ou fermer la cuisine (équipe) (équipe)');
      expect(embed.footer?.text).toBe('La référence numéro 1 du fast-food virtuel');
      // A language the diner does not speak, in a Spanish server: Spanish; in no server: English.
      const close = [{ name: 'close', type: 1, options: [{ name: 'reason', type: 3, value: 'Sin pan' }] }];
      const refused = await command('kitchen', {
        user: me,
        locale: 'ja',
        guildLocale: 'es-ES',
        options: close as never,
      });
      expect(refused.data.content).toBe(
        `Inicia sesión primero en el sitio web (${PUBLIC_URL}/login), para que sepa quién eres.`,
      );
      const unknown = await command('nope', { user: me, locale: 'ja' });
      expect(unknown.data.content).toBe('I do not know that command (yet). Try `/help`.');
    });

    it('/kitchen: staff with MANAGE_SETTINGS close and open it; nobody else', async () => {
      const close = [{ name: 'close', type: 1, options: [{ name: 'reason', type: 3, value: 'Out of buns' }] }];
      const stranger = await command('kitchen', { user: customer(), options: close as never });
      expect(stranger.data.content).toMatch(/Sign in on the website first/);
      const chef = await app.createUser({ permissions: ['MANAGE_ORDERS'] });
      const refused = await command('kitchen', { user: { id: chef.id, username: 'chef' }, options: close as never });
      expect(refused.data.content).toMatch(/Only diner staff/);
      // The guard's refusals in the caller's language, as every refusal the bot gives.
      const closeIn = (locale: string, user: CommandOptions['user']) =>
        command('kitchen', { user, locale, options: close as never });
      expect((await closeIn('fr', customer())).data.content).toBe(
        `Connectez-vous d’abord sur le site (${PUBLIC_URL}/login), pour que je sache qui vous êtes.`,
      );
      expect((await closeIn('de', { id: chef.id, username: 'chef' })).data.content).toBe(
        'Nur Diner-Mitarbeiter mit der passenden Berechtigung auf der Website dürfen diesen Befehl nutzen.',
      );
      const bannedManager = await app.createUser({
        rankPermissions: ['MANAGE_SETTINGS'],
        ban: { reason: 'Abuse', expires: null },
      });
      const banned = await command('kitchen', {
        user: { id: bannedManager.id, username: 'banned_manager' },
        options: close as never,
      });
      expect(banned.data.content).toBe(
        'You are currently banned from this website for the following reason: Abuse This ban is permanent.',
      );
      const bannedInGerman = await command('kitchen', {
        user: { id: bannedManager.id, username: 'banned_manager' },
        locale: 'de',
        options: close as never,
      });
      expect(bannedInGerman.data.content).toBe(
        'Du bist derzeit aus folgendem Grund von dieser Website gesperrt: Abuse Diese Sperre ist dauerhaft.',
      );
      const manager = await app.createUser({ rankPermissions: ['MANAGE_SETTINGS'] });
      const closed = await command('kitchen', {
        user: { id: manager.id, username: 'manager' },
        options: close as never,
      });
      expect(closed.data.content).toBe('The kitchen is closed: Out of buns');
      // An admin write from Discord is audited like one from the site, in the Discord user's name.
      const { entries } = await app.server.ctx.audit.list(
        { permissions: toBits(['SUPER_ADMIN']), perks: [] },
        { target: 'kitchen', page: 1, pageSize: 1 },
      );
      expect(entries[0]).toMatchObject({
        action: 'settings.update',
        actor: { id: manager.id, name: 'manager' },
        after: { open: false, reason: 'Out of buns' },
      });
      expect((await command('order', { user: customer(), options: { item: 'Bun' } })).data.content).toBe(
        'The kitchen is closed: Out of buns',
      );
      const opened = await command('kitchen', {
        user: { id: manager.id, username: 'manager' },
        options: [{ name: 'open', type: 1 }] as never,
      });
      expect(opened.data.content).toMatch(/kitchen is open/);
      expect(ephemeral(await command('order', { user: customer(), options: { item: 'Bun' } }))).toBe(false);
    });
  });

  describe('as the order moves', () => {
    const kitchenStaff = async () => {
      const chef = await app.createUser({ permissions: ['MANAGE_ORDERS'] });
      const driver = await app.createUser({ permissions: ['MANAGE_ORDERS'] });
      return {
        chef: { id: chef.id, permissions: toBits(['MANAGE_ORDERS']) },
        driver: { id: driver.id, permissions: toBits(['MANAGE_ORDERS']) },
      };
    };

    /**
     * Orders `item` in `channel` (by default from a server that says no language, a customer who speaks English),
     * then claims, prepares (with pictures), readies and delivers it: the driver's own message, unless `ownMessage`
     * is false.
     */
    async function orderAndDeliver(
      channel: string,
      options: { report?: boolean; ownMessage?: boolean; guildId?: string; guildLocale?: string; locale?: string } = {},
    ) {
      const user = customer();
      const { guildId, guildLocale, locale } = options;
      const placed = await command('order', {
        user,
        options: { item: 'Pizza' },
        channelId: channel,
        ...(guildId ? { guildId } : {}),
        ...(guildLocale ? { guildLocale } : {}),
        ...(locale ? { locale } : {}),
      });
      const orderID = placed.data.embeds![0]!.fields![0]!.value;
      const { chef, driver } = await kitchenStaff();
      if (options.ownMessage !== false)
        await app.db.orm.em.fork().nativeUpdate(
          UserSchema,
          { id: driver.id },
          {
            settings: {
              deliveryMessage: { message: 'Knock knock {customer}, your {item} ({orderID}) from {chef} is here!' },
            },
          },
        );
      const { orders, sweeper } = services().orders;
      await orders.claim(chef, orderID);
      await orders.prepare(chef, orderID, {
        images: ['https://img.test/pizza.png', '/uploads/abcdefghijklmnopqrstuvwx.png'],
        chefNote: null,
      });
      await sweeper.sweep();
      await orders.deliver(driver, orderID, {
        report: options.report ?? false,
        reportReason: options.report ? 'Troll' : null,
      });
      await services().discord.messages.idle();
      return { user, orderID, token: placed.token };
    }

    it('edits the status embed in order, then posts the driver’s message with the pictures in the channel', async () => {
      const channel = '700000000000000100';
      const { user, orderID, token } = await orderAndDeliver(channel);
      const statuses = discord.bot.originals.get(token)!.edits.map((e) => field(e.embeds[0] as APIEmbed, 'Status'));
      expect(statuses).toEqual(['Claimed by a chef', 'Being prepared', 'Out for delivery', 'Delivered']);
      const [message] = discord.messagesIn(channel);
      expect(message!.content).toMatch(
        new RegExp(`^Knock knock <@${user.id}>, your Pizza \\(${orderID}\\) from user\\d+ is here!$`),
      );
      expect(message!.embeds).toEqual([
        { image: { url: 'https://img.test/pizza.png' } },
        { image: { url: `${PUBLIC_URL}/uploads/abcdefghijklmnopqrstuvwx.png` } },
      ]);
      expect(message!.allowed_mentions).toEqual({ users: [user.id] });
      const request = discord.requests.find(
        (r) => r.method === 'POST' && r.path.endsWith(`/channels/${channel}/messages`),
      )!;
      expect(request.headers.authorization).toBe('Bot bot-token');
      expect((await services().orders.orders.get(orderID)).deliveryFailed).toBe(false);
    });

    it("posts the default delivery message in the server's language, and DMs it in the customer's", async () => {
      // A French server, a German customer, a driver with no message of their own.
      const french = { guildId: '800000000000000120', guildLocale: 'fr', locale: 'de', ownMessage: false };
      const channel = '700000000000000120';
      const first = await orderAndDeliver(channel, french);
      expect(discord.messagesIn(channel).map((m) => m.content)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Voici votre commande, <@${first.user.id}> : Pizza ! Préparée par user\\d+ et livrée par user\\d+\\. Bon appétit ! \\(Commande ${first.orderID}\\)$`,
          ),
        ),
      ]);
      // Its channel refusing: the customer's DMs, in the customer's language.
      const refusing = '700000000000000121';
      discord.failChannel(refusing, 403);
      const second = await orderAndDeliver(refusing, french);
      expect(discord.dmsTo(second.user.id).map((m) => m.content)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Ich konnte deine Lieferung nicht in <#${refusing}> posten, also hier ist sie:\nHier ist deine Bestellung, <@${second.user.id}>: Pizza! Zubereitet von user\\d+, geliefert von user\\d+\\. Guten Appetit! \\(Bestellung ${second.orderID}\\)$`,
          ),
        ),
      ]);
      // A server that never said its language: English, whatever the customer's.
      const english = '700000000000000122';
      const third = await orderAndDeliver(english, { guildId: '800000000000000122', locale: 'fr', ownMessage: false });
      expect(discord.messagesIn(english).map((m) => m.content)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Here is your Pizza, <@${third.user.id}>! Prepared by user\\d+, delivered by user\\d+\\. Enjoy your meal! \\(Order ${third.orderID}\\)$`,
          ),
        ),
      ]);
    });

    it('posts nothing for a reported order', async () => {
      const channel = '700000000000000101';
      const { token } = await orderAndDeliver(channel, { report: true });
      expect(discord.messagesIn(channel)).toEqual([]);
      expect(field(discord.bot.originals.get(token)!.embeds[0] as APIEmbed, 'Status')).toBe(
        'Closed by the kitchen (reported)',
      );
    });

    it('DMs the customer when the channel refuses (403 or 404)', async () => {
      for (const [channel, failure] of [
        ['700000000000000102', 403],
        ['700000000000000103', 404],
      ] as const) {
        discord.failChannel(channel, failure);
        const { user, orderID } = await orderAndDeliver(channel);
        const [dm] = discord.dmsTo(user.id);
        expect(dm!.content).toContain(`I could not post your delivery in <#${channel}>`);
        expect(dm!.content).toContain(`your Pizza (${orderID})`);
        expect(dm!.embeds).toHaveLength(2);
        expect((await services().orders.orders.get(orderID)).deliveryFailed).toBe(false);
      }
    });

    it('marks the order delivery-failed (and tells the site) when the channel and the DMs both refuse', async () => {
      const channel = '700000000000000104';
      discord.failChannel(channel, 403);
      const seen: string[] = [];
      const stop = app.server.ctx.events.on('orderUpdated', ({ order }) => {
        if (order.deliveryFailed) seen.push(order.orderID);
      });
      const user = customer();
      discord.closeDms(user.id);
      n -= 1; // orderAndDeliver takes the same customer
      const { orderID } = await orderAndDeliver(channel);
      stop();
      expect((await services().orders.orders.get(orderID)).deliveryFailed).toBe(true);
      expect(seen).toEqual([orderID]);
    });

    it('after the 15-minute token: posts a status message in the channel once, then edits it', async () => {
      const channel = '700000000000000105';
      const user = customer();
      const placed = await command('order', { user, options: { item: 'Waffles' }, channelId: channel });
      const orderID = field(placed.data.embeds![0], 'Order ID')!;
      clock += 15 * 60_000;
      const { chef } = await kitchenStaff();
      const { orders } = services().orders;
      await orders.claim(chef, orderID);
      await orders.unclaim(chef, orderID);
      await services().discord.messages.idle();
      const [status] = discord.messagesIn(channel);
      expect(discord.messagesIn(channel)).toHaveLength(1);
      const posted = discord.requests.find(
        (r) => r.method === 'POST' && r.path.endsWith(`/channels/${channel}/messages`),
      )!;
      expect(field((posted.body as { embeds: APIEmbed[] }).embeds[0], 'Status')).toBe('Claimed by a chef');
      expect(status!.edits.map((e) => field(e.embeds[0] as APIEmbed, 'Status'))).toEqual(['Waiting in the kitchen']);
      expect(discord.bot.originals.get(placed.token)).toBeUndefined();
    });

    it('/rate: the customer rates a delivered order once, 1 to 5 stars', async () => {
      const { user, orderID } = await orderAndDeliver('700000000000000106');
      const rate = (by: { id: string; username: string }, order: string, stars: number, locale?: string) =>
        command('rate', {
          user: by,
          ...(locale ? { locale } : {}),
          options: [
            { name: 'order', type: 3, value: order },
            { name: 'stars', type: 4, value: stars },
            { name: 'comment', type: 3, value: 'Hot and fast' },
          ] as never,
        });
      expect((await rate(customer(), orderID, 5)).data.content).toBe('You can only rate your own orders.');
      expect((await rate(user, orderID, 6)).data.content).toMatch(/Stars are 1 to 5/);
      // In French: the feedback rules' refusals, and an option that does not parse named as French shows it.
      expect((await rate(customer(), orderID, 5, 'fr')).data.content).toBe(
        'Vous ne pouvez noter que vos propres commandes.',
      );
      expect((await rate(user, orderID, 6, 'fr')).data.content).toBe(
        'Quelque chose ne va pas : vérifiez l’option `etoiles` (De 1 à 5 étoiles)',
      );
      expect((await rate(user, 'ZZZZZ!', 5, 'es-ES')).data.content).toBe(
        'Eso no parece correcto: revisa la opción `pedido` (El ID del pedido)',
      );
      const rated = await rate(user, orderID.toLowerCase(), 4);
      expect(ephemeral(rated)).toBe(true);
      expect(rated.data.content).toBe(`Thank you! You gave order **${orderID}** ★★★★☆.`);
      expect((await rate(user, orderID, 5)).data.content).toBe(`You have already rated order ${orderID}.`);
      expect((await rate(user, orderID, 5, 'fr')).data.content).toBe(`Vous avez déjà noté la commande ${orderID}.`);
      expect(await services().orders.feedback.forOrder((await services().orders.orders.get(orderID)).id)).toMatchObject(
        { stars: 4, comment: 'Hot and fast' },
      );
      // Not delivered yet: not rateable.
      const other = customer();
      const placed = await command('order', { user: other, options: { item: 'Soup' } });
      const pending = field(placed.data.embeds![0], 'Order ID')!;
      expect((await rate(other, pending, 5)).data.content).toBe(`Order ${pending} can be rated once it is delivered.`);
      expect((await rate(other, pending, 5, 'pt-BR')).data.content).toBe(
        `O pedido ${pending} poderá ser avaliado depois de entregue.`,
      );
    });

    it('cancels a server’s active orders when the bot is removed from it', async () => {
      const guild = '800000000000000777';
      const first = await command('order', { user: customer(), options: { item: 'Tacos' }, guildId: guild });
      const elsewhere = await command('order', { user: customer(), options: { item: 'Tacos' } });
      expect(await services().discord.messages.guildRemoved(guild)).toBe(1);
      const cancelled = await services().orders.orders.get(field(first.data.embeds![0], 'Order ID')!);
      expect(cancelled).toMatchObject({
        status: 'CANCELLED',
        cancelReason: 'The bot was removed from the server this order came from, so it cannot be delivered.',
      });
      expect((await services().orders.orders.get(field(elsewhere.data.embeds![0], 'Order ID')!)).status).toBe(
        'ORDERED',
      );
      // A server that spoke Spanish: its orders keep the reason in Spanish, whatever their customers speak; then the
      // server's language is forgotten with it.
      const spanish = '800000000000000778';
      const placed = await command('order', {
        user: customer(),
        locale: 'fr',
        guildId: spanish,
        guildLocale: 'es-ES',
        options: { item: 'Tacos' },
      });
      expect(await services().discord.messages.guildRemoved(spanish)).toBe(1);
      expect(await services().orders.orders.get(placed.data.embeds![0]!.fields![0]!.value)).toMatchObject({
        status: 'CANCELLED',
        cancelReason: 'El bot fue retirado del servidor del que vino este pedido, así que no se puede entregar.',
      });
      expect(await services().discord.guilds.of(spanish)).toBe('en');
    });
  });
});
