import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const SCREENS = fileURLToPath(new URL('../.artifacts/screens/', import.meta.url));

/** A full-page screenshot in e2e/.artifacts/screens/<name>.png, for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENS}${name}.png`, fullPage: true, animations: 'disabled' });
}
