import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
const FIXTURE = path.join(import.meta.dirname, '../fixtures/boundaries');

/** The boundary rules of `npm run lint` (.dependency-cruiser.cjs) on a small tree that breaks each of them once. */
describe('module boundaries', () => {
  it('refuse a private file of another plugin, a plugin in core, a service in the browser and HTTP in the bot; allow the public surface', async () => {
    const { tsConfig: _repoOnly, ...options } = config.options ?? {};
    const { output } = await cruise(['bot', 'core', 'plugins', 'site'], {
      ...options,
      baseDir: FIXTURE,
      validate: true,
      ruleSet: { forbidden: config.forbidden ?? [] },
      outputType: 'json',
    });
    const result = typeof output === 'string' ? JSON.parse(output) : output;
    const violations = (result.summary.violations as { rule: { name: string }; from: string; to: string }[])
      .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
      .sort();
    expect(violations).toEqual([
      'bot-without-http: bot/shard.ts → core/http/server.ts',
      'browser-imports-no-server: site/islands/Specials.tsx → plugins/menu/service.ts',
      'core-knows-no-plugin: core/registry.ts → plugins/menu/index.ts',
      'plugin-private: plugins/specials/service.ts → plugins/menu/service.ts',
    ]);
  });
});
