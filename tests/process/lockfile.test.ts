import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

/**
 * `npm ci` installs the lock as it is and refuses one that does not list a package some locked package depends on,
 * optional platform binaries included (issue 10: "Missing: @astrojs/compiler-binding-… from lock file"). Every
 * optional dependency of every locked package must have its own entry, where npm would look for it: beside the
 * package, or in a node_modules folder above it.
 */
describe('package-lock.json', () => {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockPackage> };

  function resolves(from: string, name: string): boolean {
    let dir = from;
    for (;;) {
      if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
      if (!dir) return false;
      const at = dir.lastIndexOf('node_modules/');
      dir = at <= 0 ? '' : dir.slice(0, at - 1);
    }
  }

  it('lists every optional dependency of every locked package, so `npm ci` accepts it on any machine', () => {
    const missing = Object.entries(lock.packages).flatMap(([where, pkg]) =>
      Object.keys(pkg.optionalDependencies ?? {})
        .filter((name) => !resolves(where, name))
        .map((name) => `${name} (needed by ${where || 'the project'})`),
    );
    expect(missing).toEqual([]);
  });

  it('holds one @discordjs/rest, the one discord.js uses, so the web process and the gateway client share its version', () => {
    // plugins/discord/rest.ts imports @discordjs/rest on its own (docs/bot.md): a copy nested under discord.js would
    // mean the two disagree after an upgrade.
    expect(lock.packages['node_modules/discord.js/node_modules/@discordjs/rest']).toBeUndefined();
    expect(lock.packages['node_modules/@discordjs/rest']?.version).toBeDefined();
  });
});
