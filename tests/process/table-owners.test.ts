import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { auditEntities } from '../../core/audit/entities.ts';
import { authEntities } from '../../core/auth/entities.ts';
import { plugins } from '../../plugins/index.ts';

const ROOT = path.join(import.meta.dirname, '../..');
/** The product's code: what the rule holds for. tests/ and bench/ assemble every plugin and may check any table. */
const SCANNED = ['core', 'plugins', 'bot', 'site', 'server.ts'];

/**
 * SQL naming another plugin's table, still to be removed: `file: table`. The list only shrinks (an entry that no
 * longer occurs fails the test too); each entry names what removes it.
 */
const KNOWN: string[] = [];

/** Each table's owner: `core` for the kernel's entities, `plugins/<name>` for a plugin's. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const entity of [...authEntities, ...auditEntities]) owners.set(entity.meta.tableName, 'core');
  for (const plugin of plugins)
    for (const entity of plugin.entities ?? []) owners.set(entity.meta.tableName, `plugins/${plugin.name}`);
  return owners;
}

const SQL_VERB = /\b(select|insert|update|delete|create|alter|drop|truncate|with)\b/i;
const TABLE_AFTER = /\b(?:from|join|into|update|table|on)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** Which of `tables` the SQL texts of a source file name (string and template literals holding an SQL verb). */
function tablesNamedIn(fileName: string, source: string, tables: ReadonlySet<string>): Set<string> {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const named = new Set<string>();
  const scan = (text: string) => {
    if (!SQL_VERB.test(text)) return;
    for (const match of text.matchAll(TABLE_AFTER)) {
      const table = match[1]!.toLowerCase();
      if (tables.has(table)) named.add(table);
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) scan(node.text);
    else if (ts.isTemplateExpression(node))
      scan([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ? '));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return named;
}

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (entry.endsWith('.ts')) return [entry];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.split(path.sep).includes('migrations'))
    .map((name) => path.join(entry, name));
}

/** Where a file belongs: `plugins/<name>` inside a plugin, else its top folder. */
const ownerOf = (file: string) =>
  file
    .split(path.sep)
    .slice(0, file.startsWith('plugins') ? 2 : 1)
    .join('/');

function violations(): string[] {
  const owners = tableOwners();
  const tables = new Set(owners.keys());
  const found: string[] = [];
  for (const file of SCANNED.flatMap(sourceFiles)) {
    for (const table of tablesNamedIn(file, readFileSync(path.join(ROOT, file), 'utf8'), tables)) {
      const owner = owners.get(table)!;
      if (owner !== 'core' && owner !== ownerOf(file)) found.push(`${file.split(path.sep).join('/')}: ${table}`);
    }
  }
  return found.sort();
}

describe('each plugin owns its tables', () => {
  it('finds the tables an SQL text names, and only in SQL', () => {
    const source = [
      "const a = 'select o.id from orders o join team_members m on m.user_id = o.customer';",
      `const b = \`update "wallets" set balance = balance - \${amount} where user_id = ?\`;`,
      "const c = 'Pick it up from orders waiting at the counter';",
    ].join('\n');
    const named = tablesNamedIn('x.ts', source, new Set(tableOwners().keys()));
    expect([...named].sort()).toEqual(['orders', 'team_members', 'wallets']);
  });

  it("no SQL outside a plugin names that plugin's tables (migrations aside: they are history)", () => {
    expect(tableOwners().get('orders')).toBe('plugins/orders');
    const found = violations();
    expect(
      found.filter((v) => !KNOWN.includes(v)),
      'new SQL naming another plugin’s table',
    ).toEqual([]);
    expect(
      KNOWN.filter((v) => !found.includes(v)),
      'fixed: remove these from KNOWN in tests/process/table-owners.test.ts',
    ).toEqual([]);
  });
});
