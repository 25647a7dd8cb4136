import { describe, expect, it } from 'vitest';
import { sqlForRestore, unknownMigrations } from './restore.ts';

describe('sqlForRestore', () => {
  it("drops what an older server or a driver cannot run from pg_dump's header and trailer only", () => {
    const dump = [
      '\\restrict abc123',
      '--',
      '-- PostgreSQL database dump',
      'SET statement_timeout = 0;',
      'SET transaction_timeout = 0;',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      '',
      'CREATE TABLE public.t (id integer, note text);',
      "INSERT INTO public.t (id, note) VALUES (1, 'line one",
      'SET transaction_timeout = 0;',
      "\\restrict kept');",
      '',
      '--',
      '\\unrestrict abc123',
      '',
    ].join('\n');
    const sql = sqlForRestore(dump);
    expect(sql).not.toMatch(/^\\restrict abc123$/m);
    expect(sql).not.toContain('\\unrestrict');
    expect(sql).toContain('SET statement_timeout = 0;');
    // Between the statements (here inside a row's text) nothing is touched.
    expect(sql).toContain("VALUES (1, 'line one\nSET transaction_timeout = 0;\n\\restrict kept');");
    expect(sql.split('\n').filter((line) => line === 'SET transaction_timeout = 0;')).toHaveLength(1);
  });
});

describe('unknownMigrations', () => {
  it("names the backup's migrations this code does not have", () => {
    class Migration20260101000000_A {}
    const manifest = {
      format: 1 as const,
      createdAt: '2026-12-04T00:00:00.000Z',
      database: 'embedded' as const,
      migrations: ['Migration20260101000000_A', 'Migration20270101000000_Future'],
    };
    expect(unknownMigrations(manifest, [Migration20260101000000_A as never])).toEqual([
      'Migration20270101000000_Future',
    ]);
  });
});
