import { expect, test } from '@playwright/test';

test('the built page boots', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#game')).toContainText('45/169');
});
