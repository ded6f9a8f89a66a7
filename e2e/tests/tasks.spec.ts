import { expect, test } from '@playwright/test';
import { login, WEB } from '../support/auth.js';
import { activePage, Api, DEMO, unique } from '../support/shell.js';

/**
 * The task system (docs/tasks.md): the platform sends a reboot task to a hotel's browser TV; the TV
 * gets it over the push channel, reports success and reloads; the task list shows the TV's result.
 */
test('a reboot task reloads a hotel browser TV and the task list shows its result', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const platform = await Api.as(request, DEMO.admin);
  const bund = (await brand.get<{ items: { id: number }[] }>('/records/hotel?publicId=1000001')).items[0]!;
  const { installCode } = await brand.get<{ installCode: string }>(`/terminals/hotel-settings?hotelId=${bund.id}`);
  const context = await browser.newContext();
  const tv = await context.newPage();
  await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(installCode)}&room=${unique('T').slice(0, 10)}`);
  await expect(tv.getByTestId('tv-unauthorized')).toBeVisible({ timeout: 20_000 });
  const mac = (await tv.evaluate(() => JSON.parse(localStorage.getItem('htv.tv')!).mac)) as string;
  await tv.evaluate(() => ((window as unknown as { beforeReboot: boolean }).beforeReboot = true));

  const item = await platform.post<{ id: number }>('/records/task-items', { name: unique('E2E重启'), action: 'reboot' });
  const task = await platform.post<{ runId: number; terminals: number }>('/tasks', { itemId: item.id, macs: [mac] });
  expect(task.terminals).toBe(1);
  // The page reloaded (a reboot): the marker set above is gone, and the TV comes back.
  // (An evaluation that meets the reload itself fails: asked again.)
  const marked = () => tv.evaluate(() => (window as unknown as { beforeReboot?: boolean }).beforeReboot ?? false).catch(() => true);
  await expect.poll(marked, { timeout: 40_000 }).toBe(false);
  await expect(tv.getByTestId('tv-unauthorized')).toBeVisible({ timeout: 20_000 });
  await context.close();

  await login(page, 'platform', { via: 'api' });
  await page.goto(`${WEB}/task/list`);
  const result = activePage(page).getByTestId('task-results').locator('tbody tr').filter({ hasText: mac });
  await expect(result).toHaveCount(1, { timeout: 15_000 });
  await expect(result).toContainText('成功');
});
