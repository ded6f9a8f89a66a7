import { expect, test } from '@playwright/test';
import { DEMO, openAs } from '../support/shell.js';

/**
 * The voice area's console pages beyond its records (docs/voice.md): the hotel's goods sync from the
 * shop, and the platform's AI project configuration and configuration review.
 */
test('the hotel syncs chosen shop goods into its AI goods and sees what changed', async ({ page }) => {
  await openAs(page, DEMO.bund, '/goods/sync');
  const card = page.getByTestId('goods-sync');
  await expect(card).toBeVisible();
  // The demo's shop sells goods its assistant does not know yet: they show as to be added.
  const addRow = card.locator('tr', { hasText: '水果拼盘' }).first();
  await expect(addRow).toBeVisible();
  await addRow.locator('input[type="checkbox"]').check();
  await page.getByTestId('goods-sync-selected').click();
  await expect(page.getByTestId('goods-sync-result')).toContainText('新增1');
  await expect(page.getByTestId('goods-sync-last')).toContainText('新增1');
  // Now it is the same as the shop's: listed under All, no longer among the changes.
  await expect(card.locator('tr', { hasText: '水果拼盘' })).toHaveCount(0);
  await card.getByText('全部', { exact: true }).click();
  await expect(card.locator('tr', { hasText: '水果拼盘' }).first()).toContainText('无变化');
});

test('the platform sees each hotel’s AI configuration and its review', async ({ page }) => {
  await openAs(page, DEMO.admin, '/ai/project_config');
  const config = page.getByTestId('ai-project-config');
  await expect(config.getByText('NLP.js', { exact: false })).toBeVisible();
  const bund = config.locator('tr', { hasText: '朝阳外滩酒店' }).first();
  await expect(bund).toBeVisible();
  await expect(bund).toContainText('已开通');

  await openAs(page, DEMO.admin, '/ai/config_check');
  const check = page.getByTestId('ai-config-check');
  // The demo hotel's shop has goods its assistant does not know yet: the review says so.
  await expect(check.locator('tr', { hasText: '朝阳外滩酒店' }).first()).toContainText('件商城商品尚未同步到AI物品');
});

test('the call-service page listens on the calls’ live channel', async ({ page }) => {
  const live = page.waitForResponse((response) => response.url().includes('/api/ai/service-calls/live'));
  await openAs(page, DEMO.bund, '/ai/call_service');
  const response = await live;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/event-stream');
});
