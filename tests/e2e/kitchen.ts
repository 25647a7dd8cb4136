import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** A 1 × 1 PNG: the upload path sniffs real image bytes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The order manager in a new page of `context`, once its gateway connection is live. */
export async function openManager(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/staff/orders');
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  return page;
}
