import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { DEFAULT_DELIVERY_MESSAGE } from '../users/schemas.ts';
import { GUILD_LOCALE_REWRITE_MS, GuildLocales } from './guild-locales.ts';
import { discordCatalogue } from './i18n/index.ts';

/** A server's language, as its interactions say it, for what the bot posts there for everyone. */
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

  it("has the default delivery message's English word for word as the site's deliver dialog shows it", () => {
    expect(discordCatalogue.messages.en['delivery.default']).toBe(DEFAULT_DELIVERY_MESSAGE);
  });
});
