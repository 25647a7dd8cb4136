import { Migration } from '@mikro-orm/migrations';
import { describe, expect, it } from 'vitest';
import { collectMigrations, oneColumnIndexSql } from './migrations.ts';

const named = (name: string) =>
  ({
    [name]: class extends Migration {
      override up(): void {}
    },
  })[name]!;

describe('collectMigrations', () => {
  it('merges every owner’s migrations in timestamp order', () => {
    const a = named('Migration20260101000000_A');
    const b = named('Migration20260102000000_B');
    const c = named('Migration20260103000000_C');
    expect(
      collectMigrations([
        { owner: 'core', migrations: [a, c] },
        { owner: 'orders', migrations: [b] },
      ]),
    ).toEqual([a, b, c]);
  });

  it('refuses a name listed twice, and a name that is not Migration<timestamp>_<Name>', () => {
    const a = named('Migration20260101000000_A');
    expect(() =>
      collectMigrations([
        { owner: 'core', migrations: [a] },
        { owner: 'users', migrations: [a] },
      ]),
    ).toThrow(/listed by both core and users/);
    expect(() => collectMigrations([{ owner: 'teams', migrations: [named('AddTeams')] }])).toThrow(
      /AddTeams of teams is not named/,
    );
  });
});

describe('oneColumnIndexSql', () => {
  it("rebuilds MikroORM's one-column index, partial (rows where the column is set) or whole", () => {
    expect(oneColumnIndexSql('tickets', 'closed_by', true)).toEqual([
      'drop index if exists "tickets_closed_by_index";',
      'create index "tickets_closed_by_index" on "tickets" ("closed_by") where "closed_by" is not null;',
    ]);
    expect(oneColumnIndexSql('tickets', 'closed_at', false)).toEqual([
      'drop index if exists "tickets_closed_at_index";',
      'create index "tickets_closed_at_index" on "tickets" ("closed_at");',
    ]);
  });
});
