import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { DEFAULT_DELIVERY_MESSAGE } from '../users/schemas.ts';
import { GUILD_LOCALE_REWRITE_MS, GuildLocales } from './guild-locales.ts';
import { discordCatalogue } from './i18n/index.ts';
import { discordSql } from './sql.ts';

/** A server's language, as its interactions and the gateway say it, for what the bot posts there for everyone. */
describe("a Discord server's language", () => {
  let app: TestApp;
  let clock = Date.now();
  /** Two processes on one database: each its own memory of what it wrote. */
  const aProcess = () => new GuildLocales({ orm: app.db.orm, now: () => clock, log: app.server.app.log });

  beforeAll(async () => {
    app = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is English for no server, a server that never said, and a language the diner does not speak', async () => {
    const guilds = aProcess();
    expect(await guilds.of(null)).toBe('en');
    expect(await guilds.of('810000000000000001')).toBe('en');
    await guilds.heard('810000000000000002', 'ja');
    expect(await guilds.of('810000000000000002')).toBe('en');
    await guilds.heard('810000000000000002', 'pt-PT');
    expect(await guilds.of('810000000000000002')).toBe('pt-BR');
  });

  it('is the last one any process heard, and a change back is not missed once this process trusts its memory no more', async () => {
    const [one, other] = [aProcess(), aProcess()];
    const guild = '810000000000000003';
    await one.heard(guild, 'fr');
    expect(await other.of(guild)).toBe('fr');
    await other.heard(guild, 'de');
    expect(await one.of(guild)).toBe('de');
    // The server speaks French again, heard by the process that last wrote French: written again once its memory ages.
    await one.heard(guild, 'fr');
    clock += GUILD_LOCALE_REWRITE_MS;
    await one.heard(guild, 'fr');
    expect(await other.of(guild)).toBe('fr');
    await other.forget(guild);
    expect(await one.of(guild)).toBe('en');
  });

  /** Each server's stored tag (undefined: none), read in one statement: thousands of `of` calls would take long. */
  const storedTags = async (ids: readonly string[]) => {
    const rows = await discordSql(app.db.orm.em.fork())
      .selectFrom('discord_guilds')
      .select(['guild_id', 'locale'])
      .where('guild_id', 'in', ids)
      .execute();
    const tags = new Map(rows.map((row) => [row.guild_id, row.locale]));
    return ids.map((id) => tags.get(id));
  };

  it('stores a connect burst of thousands, the last language heard for a server winning', async () => {
    const guilds = aProcess();
    const tags = ['fr', 'de', 'es-ES', 'pt-BR'] as const;
    const ids = Array.from({ length: 2_500 }, (_, i) => `83${String(i).padStart(16, '0')}`);
    const tagOf = (i: number) => tags[i % tags.length]!;
    const heard = ids.map((id, i) => guilds.heard(id, tagOf(i)));
    // The first server's language changes while it is being stored, the second's while it waits (a GUILD_UPDATE
    // right after its GUILD_CREATE): the later one is stored.
    heard.push(guilds.heard(ids[0]!, 'de'), guilds.heard(ids[1]!, 'fr'));
    await Promise.all(heard);
    expect(await storedTags(ids)).toEqual(['de', 'fr', ...ids.slice(2).map((_, i) => tagOf(i + 2))]);
    expect(await aProcess().of(ids[2]!)).toBe('es');
    // A process that starts afresh (a reconnect) hears them all again as they were first: the changed one is stored
    // again, the others stay.
    const restarted = aProcess();
    await Promise.all(ids.map((id, i) => restarted.heard(id, tagOf(i))));
    expect(await storedTags(ids)).toEqual(ids.map((_, i) => tagOf(i)));
  });

  it('does not store a server forgotten while its language is being stored or waits to be', async () => {
    const guilds = aProcess();
    const [storing, waiting] = ['840000000000000001', '840000000000000002'];
    const heard = [guilds.heard(storing, 'fr'), guilds.heard(waiting, 'de')];
    await Promise.all([guilds.forget(storing), guilds.forget(waiting)]);
    await Promise.all(heard);
    expect(await guilds.of(storing)).toBe('en');
    expect(await guilds.of(waiting)).toBe('en');
    // Heard again afterwards (the bot joins again): stored.
    await guilds.heard(waiting, 'de');
    expect(await aProcess().of(waiting)).toBe('de');
  });

  it("has the default delivery message's English word for word as the site's deliver dialog shows it", () => {
    expect(discordCatalogue.messages.en['delivery.default']).toBe(DEFAULT_DELIVERY_MESSAGE);
  });
});
