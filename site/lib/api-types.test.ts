import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesSource } from '../../scripts/api-types.ts';

/** The site's client types (site/generated) come from the routes (scripts/api-types.ts): a route changed without them fails. */
describe('the site’s API types', () => {
  it('are what `npm run api:types` writes from the routes as they are', async () => {
    const committed = await readFile(API_TYPES_FILE, 'utf8');
    const generated = await apiTypesSource();
    expect(committed === generated, 'site/generated/api-types.ts is out of date: run `npm run api:types`').toBe(true);
  });
});
