import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, definePluginConfig, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with nothing set: embedded database, port 4321, demo data on', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(4321);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.embeddedDbPath).toBe(path.resolve('data', 'db'));
    expect(config.publicUrl).toBe('http://localhost:4321');
    expect(config.demoData).toBe(true);
    expect(config.sessionSecret).toHaveLength(64);
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PUBLIC_URL: '', SESSION_SECRET: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:4321');
  });

  it('keeps the in-memory database for DATA_DIR=:memory:', () => {
    expect(loadConfig({ DATA_DIR: ':memory:' }).embeddedDbPath).toBe('memory://');
  });

  it('refuses production without its secrets and names each missing variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      new ConfigError(
        'Missing required configuration for production: SESSION_SECRET, DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DATABASE_URL',
      ),
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        DISCORD_CLIENT_ID: '1',
        DISCORD_CLIENT_SECRET: 's',
      }),
    ).toThrow(/: DATABASE_URL$/);
  });

  it('starts in production with everything set, demo data off', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      DISCORD_CLIENT_ID: '1',
      DISCORD_CLIENT_SECRET: 's',
      DATABASE_URL: 'postgres://diner@db/diner',
    });
    expect(config.isProduction).toBe(true);
    expect(config.demoData).toBe(false);
    expect(config.databaseUrl).toBe('postgres://diner@db/diner');
  });

  it('rejects malformed values with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('lets DEMO_DATA override the default', () => {
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });
});

describe('the bot invite link', () => {
  it('is built from DISCORD_CLIENT_ID with the permissions the bot needs, or taken as configured', () => {
    expect(loadConfig({}).inviteUrl).toBeNull();
    expect(loadConfig({ DISCORD_CLIENT_ID: '123' }).inviteUrl).toBe(
      'https://discord.com/oauth2/authorize?client_id=123&scope=bot%20applications.commands&permissions=2147601408',
    );
    expect(loadConfig({ DISCORD_CLIENT_ID: '123', BOT_INVITE_URL: 'https://discord.gg/diner' }).inviteUrl).toBe(
      'https://discord.gg/diner',
    );
  });

  it('serves metrics only when asked: a port of their own, a token, or neither; shutdown bounded at 10 s', () => {
    expect(loadConfig({}).metrics).toEqual({ port: null, token: null });
    expect(loadConfig({ METRICS_PORT: '', METRICS_TOKEN: '' }).metrics).toEqual({ port: null, token: null });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, token: null });
    expect(loadConfig({ METRICS_TOKEN: 't'.repeat(16) }).metrics).toEqual({ port: null, token: 't'.repeat(16) });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_PORT: '4321' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_S: '2.5' }).shutdownTimeoutMs).toBe(2500);
  });
});

describe("loadConfig with plugins' variables", () => {
  const kitchen = {
    name: 'kitchen',
    config: definePluginConfig({
      env: { KITCHEN_SECONDS: z.coerce.number().int().min(1).default(30) },
      of: (e, core) => ({ ms: e.KITCHEN_SECONDS * 1000, production: core.isProduction }),
      refuse: (e, core) => (core.isProduction && e.KITCHEN_SECONDS < 10 ? 'KITCHEN_SECONDS: too short' : null),
    }),
  };

  it("gives each plugin its config, made from its variables and core's", () => {
    const config = loadConfig({ KITCHEN_SECONDS: '5' }, [kitchen]);
    expect((config.plugins as unknown as Record<string, unknown>).kitchen).toEqual({ ms: 5000, production: false });
  });

  it("lists core's bad variables and the plugins' in one report, and refuses what a plugin refuses", () => {
    expect(() => loadConfig({ PORT: 'eighty', KITCHEN_SECONDS: '0' }, [kitchen])).toThrow(
      /^Invalid configuration: PORT: .*; KITCHEN_SECONDS: .*$/,
    );
    expect(() =>
      loadConfig(
        {
          NODE_ENV: 'production',
          SESSION_SECRET: 'x'.repeat(32),
          DISCORD_CLIENT_ID: '1',
          DISCORD_CLIENT_SECRET: 's',
          DATABASE_URL: 'postgres://diner@db/diner',
          KITCHEN_SECONDS: '5',
        },
        [kitchen],
      ),
    ).toThrow(new ConfigError('Invalid configuration: KITCHEN_SECONDS: too short'));
  });

  it('refuses a variable two declare, naming both', () => {
    const port = { name: 'port-taker', config: definePluginConfig({ env: { PORT: z.string() }, of: () => ({}) }) };
    expect(() => loadConfig({}, [port])).toThrow('Plugin "port-taker" declares the variable PORT, which core declares');
    expect(() => loadConfig({}, [kitchen, { ...kitchen, name: 'again' }])).toThrow(
      'Plugin "again" declares the variable KITCHEN_SECONDS, which plugin "kitchen" declares',
    );
  });
});
