import { expect, type Page } from '@playwright/test';

/**
 * A toast with exactly this title shows; the user then closes it, so a later toast with the same words cannot be
 * mistaken for this one.
 */
export async function expectToast(page: Page, title: string): Promise<void> {
  const toast = page
    .getByRole('region', { name: /^Notifications/ })
    .locator('li')
    .filter({ has: page.getByText(title, { exact: true }) });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
}
