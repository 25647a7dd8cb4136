import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditEntities } from '../../core/audit/entities.ts';
import { CORE_AUDIT_TARGET_TYPES } from '../../core/audit/schemas.ts';
import { authEntities } from '../../core/auth/entities.ts';
import { plugins } from '../../plugins/index.ts';

/**
 * Issue 41: core/ and site/lib name no feature. Every non-test TypeScript file under core/ is read for what the
 * plugins contribute, derived from their definitions (plugins/index.ts), not from a hand list:
 * - a plugin's name as a path (`plugins/<name>`), a string literal (`'<name>'`) or a phrase (`<name> plugin`);
 * - a plugin's audit actions and target types, quoted;
 * - the domain events its gateway filters send (as words);
 * - its configuration variables (as words);
 * - its pages' guard prefixes, quoted.
 * Every non-test TypeScript file under site/lib (the page guards, the staff sidebar, the audit log's words and the
 * pages' helpers) is read for a plugin's files other than its public surface (siteWords), its audit actions and its
 * guard prefixes.
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
  {
    file: 'core/shared/ban.ts',
    word: "'/appeal'",
    why: 'OPEN_TO_BANNED: the specification lets a banned user open the appeal pages; core’s mount of the built pages and the browser’s ban-lifted check read it outside any plugin; goes when a plugin’s pages can say they are open to banned users',
  },
  {
    file: 'site/lib/statistics.ts',
    word: 'plugins/statistics',
    why: 'the statistics pages’ CSV export uses the plugin’s private csv.ts (the same CSV as its API); goes when the plugin’s index.ts exports it',
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const asPattern = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const coreTables = new Set([...authEntities, ...auditEntities].map((entity) => entity.meta.tableName));

interface Word {
  word: string;
  pattern: RegExp;
}

function quoted(value: string, quotes: readonly string[]): Word[] {
  return quotes.map((q) => ({ word: `${q}${value}${q}`, pattern: new RegExp(`${q}${asPattern(value)}${q}`) }));
}

/** What core must not name: each thing to look for, the text it is reported as, and the pattern that finds it. */
function featureWords(): Word[] {
  return plugins.flatMap((plugin): Word[] => [
    { word: `plugins/${plugin.name}`, pattern: new RegExp(`plugins/${asPattern(plugin.name)}\\b`) },
    { word: `${plugin.name} plugin`, pattern: new RegExp(`\\b${asPattern(plugin.name)} plugin\\b`, 'i') },
    ...(coreTables.has(plugin.name) ? [] : quoted(plugin.name, ["'", '"', '`'])),
    ...Object.keys(plugin.audit?.actions ?? {}).flatMap((action) => quoted(action, ["'", '"', '`'])),
    ...(plugin.audit?.targetTypes ?? [])
      .filter((type) => !CORE_AUDIT_TARGET_TYPES.includes(type))
      .flatMap((type) => quoted(type, ["'", '"'])),
    ...Object.keys(plugin.gateway ?? {}).map((event) => ({
      word: event,
      pattern: new RegExp(`\\b${asPattern(event)}\\b`),
    })),
    ...Object.keys(plugin.config?.env ?? {}).map((variable) => ({
      word: variable,
      pattern: new RegExp(`\\b${asPattern(variable)}\\b`),
    })),
    ...Object.keys(plugin.pages?.guards ?? {}).flatMap((prefix) => quoted(prefix, ["'", '"', '`'])),
  ]);
}

/**
 * What site/lib must not name. The site may use a plugin's public surface as any module may: its `index.ts` (a
 * service's type) and its contract, `schemas.ts` (or one split by use case, `<use>-schemas.ts`: forms, the API
 * client, the labels of its values), so the words of its contract (an order's `status`, a target type) are not
 * looked for. A plugin's other files, its pages' paths and its audit actions are: the page guards, the sidebar and
 * the audit log's words come from the definitions.
 */
function siteWords(): Word[] {
  return plugins.flatMap((plugin): Word[] => [
    {
      word: `plugins/${plugin.name}`,
      pattern: new RegExp(`plugins/${asPattern(plugin.name)}(?!/(index|([\\w-]+-)?schemas)\\.ts)\\b`),
    },
    ...Object.keys(plugin.audit?.actions ?? {}).flatMap((action) => quoted(action, ["'", '"', '`'])),
    ...Object.keys(plugin.pages?.guards ?? {}).flatMap((prefix) => quoted(prefix, ["'", '"', '`'])),
  ]);
}

function hits(dir: string, words: readonly Word[]): { file: string; word: string }[] {
  return sourceFiles(path.join(ROOT, dir)).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const relative = path.relative(ROOT, file).split(path.sep).join('/');
    return words.filter(({ pattern }) => pattern.test(text)).map(({ word }) => ({ file: relative, word }));
  });
}

describe('core knows no feature', () => {
  const words = featureWords();
  const found = [...hits('core', words), ...hits('site/lib', siteWords())];
  const isKnown = (hit: { file: string; word: string }) =>
    KNOWN.some((known) => known.file === hit.file && known.word === hit.word);

  it('derives what to look for from the plugin definitions', () => {
    expect(words.length).toBeGreaterThan(plugins.length * 2);
    expect(words.map((w) => w.word)).toEqual(expect.arrayContaining(['plugins/orders', "'order.delete'", 'orderSent']));
    expect(words.map((w) => w.word)).toContain('ORDER_CLAIM_TIMEOUT_S');
    expect(siteWords().map((w) => w.word)).toEqual(expect.arrayContaining(['plugins/orders', "'/staff/orders'"]));
  });

  it("names no plugin, no plugin's audit action, gateway event, variable or page in core/ and site/lib (but KNOWN)", () => {
    expect(found.filter((hit) => !isKnown(hit))).toEqual([]);
  });

  it('keeps KNOWN to what still matches: the list only shrinks', () => {
    expect(KNOWN.filter((known) => !found.some((hit) => hit.file === known.file && hit.word === known.word))).toEqual(
      [],
    );
  });
});
