import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsOf } from '../../core/boot.ts';
import { migrate } from '../../core/db/orm.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.ts';
import { plugins } from '../index.ts';

const FIRST_APART = 'Migration20261203070000_ManualPerks';

/**
 * The migrations that keep granted perks apart from hand-given ones, on a database that held both in `users.perks`
 * (a grant's `added` said it put its perk there). On PostgreSQL too.
 */
describe('granted perks apart: the data a database had before', () => {
  let db: TestDatabase;
  let before: string[];
  const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);
  beforeAll(async () => {
    db = await createTestDatabase(plugins, { migrate: false });
    before = migrationsOf(plugins)
      .map((m) => m.name)
      .filter((name) => name < FIRST_APART);
    await db.orm.migrator.up({ to: before.at(-1)! });
  });
  afterAll(() => db?.drop());

  async function user(
    id: string,
    perks: string[],
    grants: { value: string; added: boolean; ended?: boolean; endsAt?: string | null }[] = [],
  ) {
    // The perks as one JSON parameter: the driver would spread an array into several.
    await sql(
      `insert into users (id, username, perks, created_at, updated_at) values (?, ?, array(select jsonb_array_elements_text(?::jsonb)), now(), now())`,
      [id, `u${id.slice(-4)}`, JSON.stringify(perks)],
    );
    let n = 0;
    for (const grant of grants) {
      await sql(
        `insert into grants (id, user_id, kind, value, source, source_ref, added, started_at, ends_at, ended_at) values (?, ?, 'perk', ?, 'purchase', ?, ?, now(), ?, ?)`,
        [`${id}${++n}`, id, grant.value, `ref${n}`, grant.added, grant.endsAt ?? null, grant.ended ? new Date() : null],
      );
    }
  }
  const perksOf = async (id: string) =>
    (
      await sql<{ perks: string[]; manual_perks: string[] }>('select perks, manual_perks from users where id = ?', [id])
    )[0];
  const addedOf = async (id: string) =>
    (await sql<{ id: string; added: boolean }>('select id, added from grants where user_id = ? order by id', [id])).map(
      (g) => [g.id, g.added],
    );

  it('moves hand-given perks to manual_perks, keeps the perks of active grants in perks, and gives back what an edit had taken; down makes one list again', async () => {
    // A plan's SUPPORTER (its grant added it) beside a hand-given FEEDBACK_BETA.
    await user('1000000000000000101', ['FEEDBACK_BETA', 'SUPPORTER'], [{ value: 'SUPPORTER', added: true }]);
    // A manager's edit had taken a subscriber's SUPPORTER: the grant is still active.
    await user('1000000000000000102', ['DELIVERY_MESSAGE_BETA'], [{ value: 'SUPPORTER', added: true }]);
    // Given by hand before two grants of it came (neither added it): hand-given, and held by the grant that ends last.
    await user(
      '1000000000000000103',
      ['FEEDBACK_BETA'],
      [
        { value: 'FEEDBACK_BETA', added: false, endsAt: '2027-01-01T00:00:00Z' },
        { value: 'FEEDBACK_BETA', added: false, endsAt: '2027-02-01T00:00:00Z' },
      ],
    );
    // An ended grant had added it; the perk was given again since: hand-given.
    await user('1000000000000000104', ['FEEDBACK_BETA'], [{ value: 'FEEDBACK_BETA', added: true, ended: true }]);
    // Nothing at all.
    await user('1000000000000000105', []);

    expect(await migrate(db.orm)).toContain('Migration20261203070100_GrantedPerksApart');

    expect(await perksOf('1000000000000000101')).toEqual({ perks: ['SUPPORTER'], manual_perks: ['FEEDBACK_BETA'] });
    expect(await perksOf('1000000000000000102')).toEqual({
      perks: ['SUPPORTER'],
      manual_perks: ['DELIVERY_MESSAGE_BETA'],
    });
    expect(await perksOf('1000000000000000103')).toEqual({ perks: ['FEEDBACK_BETA'], manual_perks: ['FEEDBACK_BETA'] });
    expect(await addedOf('1000000000000000103')).toEqual([
      ['10000000000000001031', false],
      ['10000000000000001032', true],
    ]);
    expect(await perksOf('1000000000000000104')).toEqual({ perks: [], manual_perks: ['FEEDBACK_BETA'] });
    expect(await perksOf('1000000000000000105')).toEqual({ perks: [], manual_perks: [] });

    // Down again: one list, the hand-given perks first.
    await db.orm.migrator.down({ to: before.at(-1)! });
    const perks = async (id: string) =>
      (await sql<{ perks: string[] }>('select perks from users where id = ?', [id]))[0]!.perks;
    expect(await perks('1000000000000000101')).toEqual(['FEEDBACK_BETA', 'SUPPORTER']);
    expect(await perks('1000000000000000102')).toEqual(['DELIVERY_MESSAGE_BETA', 'SUPPORTER']);
    expect(await perks('1000000000000000103')).toEqual(['FEEDBACK_BETA']);
  });
});
