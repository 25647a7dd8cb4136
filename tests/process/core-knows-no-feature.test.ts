import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditEntities } from '../../core/audit/entities.ts';
import { CORE_AUDIT_TARGET_TYPES } from '../../core/audit/schemas.ts';
import { authEntities } from '../../core/auth/entities.ts';
import { plugins } from '../../plugins/index.ts';

/**
 * Issue 41: core/ names no feature. Every non-test TypeScript file under core/ is read for what the plugins
 * contribute, derived from their definitions (plugins/index.ts), not from a hand list:
 * - a plugin's name as a path (`plugins/<name>`), a string literal (`'<name>'`) or a phrase (`<name> plugin`);
 * - a plugin's audit actions and target types, quoted;
 * - the domain events its gateway filters send (as words);
 * - its configuration variables (as words).
 * The words core owns itself are left out: its own tables' names (`users`: a plugin may share the word) and
 * its own audit target types. What must stay for now is KNOWN below, each with why; the list only shrinks: an entry
 * that no longer matches fails too, so that it is removed.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

const KNOWN: readonly { file: string; word: string; why: string }[] = [
  {
    file: 'core/audit/schemas.ts',
    word: "'settings'",
    why: 'SETTINGS_KIND: the specification lets MANAGE_SETTINGS read the settings entries of the audit log; goes when an audit kind can name the permission that reads it',
  },
  {
    file: 'core/auth/current-user-sql.ts',
    word: "'settings'",
    why: "a user's own `settings` (their preferences, a column of core's users table), not the settings plugin",
  },
  {
    file: 'core/db/migrations/Migration20261121223224_Initial.ts',
    word: 'plugins/settings',
    why: 'a committed migration is history: the first one made the settings table before plugins owned their migrations',
  },
  {
    file: 'core/db/migrations/Migration20261121223224_Initial.ts',
    word: 'settings plugin',
    why: 'the same history, in words',
  },
  {
    file: 'core/db/migrations/Migration20261121223224_Initial.ts',
    word: '"settings"',
    why: 'the same history: that migration creates the table, `if not exists` in the plugin’s own',
  },
  {
    file: 'core/db/migrations/Migration20261121223224_Initial.ts',
    word: '`settings`',
    why: 'the same history, in its comment',
  },
  {
    file: 'core/db/migrations/Migration20261121223224_Initial.ts',
    word: '"ranks"',
    why: 'the same history: that migration made the ranks tables (now the ranks plugin’s, its entities and the permission port) before plugins owned tables',
  },
  {
    file: 'core/gateway/protocol.ts',
    word: 'userBanned',
    why: 'core’s own gateway event (the hub finds bans by re-reading users); the users plugin publishes the domain event of that name',
  },
  {
    file: 'core/gateway/hub.ts',
    word: 'userBanned',
    why: 'the same: the hub sends userBanned itself when a re-read finds a ban',
  },
];

function coreFiles(dir = path.join(ROOT, 'core')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return coreFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const asPattern = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const coreTables = new Set([...authEntities, ...auditEntities].map((entity) => entity.meta.tableName));

/** Each thing to look for: the text it is reported as, and the pattern that finds it. */
function featureWords(): { word: string; pattern: RegExp }[] {
  const words: { word: string; pattern: RegExp }[] = [];
  const quoted = (value: string, quotes: string[]) => {
    for (const q of quotes)
      words.push({ word: `${q}${value}${q}`, pattern: new RegExp(`${q}${asPattern(value)}${q}`) });
  };
  for (const plugin of plugins) {
    words.push({ word: `plugins/${plugin.name}`, pattern: new RegExp(`plugins/${asPattern(plugin.name)}\\b`) });
    words.push({ word: `${plugin.name} plugin`, pattern: new RegExp(`\\b${asPattern(plugin.name)} plugin\\b`, 'i') });
    if (!coreTables.has(plugin.name)) quoted(plugin.name, ["'", '"', '`']);
    for (const action of Object.keys(plugin.audit?.actions ?? {})) quoted(action, ["'", '"', '`']);
    for (const type of plugin.audit?.targetTypes ?? [])
      if (!CORE_AUDIT_TARGET_TYPES.includes(type)) quoted(type, ["'", '"']);
    for (const event of Object.keys(plugin.gateway ?? {}))
      words.push({ word: event, pattern: new RegExp(`\\b${asPattern(event)}\\b`) });
    for (const variable of Object.keys(plugin.config?.env ?? {}))
      words.push({ word: variable, pattern: new RegExp(`\\b${asPattern(variable)}\\b`) });
  }
  return words;
}

describe('core knows no feature', () => {
  const words = featureWords();
  const found = coreFiles().flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const relative = path.relative(ROOT, file).split(path.sep).join('/');
    return words.filter(({ pattern }) => pattern.test(text)).map(({ word }) => ({ file: relative, word }));
  });
  const isKnown = (hit: { file: string; word: string }) =>
    KNOWN.some((known) => known.file === hit.file && known.word === hit.word);

  it('derives what to look for from the plugin definitions', () => {
    expect(words.length).toBeGreaterThan(plugins.length * 2);
    expect(words.map((w) => w.word)).toEqual(expect.arrayContaining(['plugins/orders', "'order.delete'", 'orderSent']));
    expect(words.map((w) => w.word)).toContain('ORDER_CLAIM_TIMEOUT_S');
  });

  it("names no plugin, no plugin's audit action, gateway event or configuration variable in core/ (but KNOWN)", () => {
    expect(found.filter((hit) => !isKnown(hit))).toEqual([]);
  });

  it('keeps KNOWN to what still matches: the list only shrinks', () => {
    expect(KNOWN.filter((known) => !found.some((hit) => hit.file === known.file && hit.word === known.word))).toEqual(
      [],
    );
  });
});
