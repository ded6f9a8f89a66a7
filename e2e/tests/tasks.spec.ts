import { expect, test } from '@playwright/test';
import { login, WEB } from '../support/auth.js';
import { activePage, Api, DEMO, unique } from '../support/shell.js';

/**
 * The task system (docs/tasks.md): the platform sends tasks to a hotel's browser TV; the TV gets each
 * over the push channel: it sets the volume it is given, reports a screenshot unsupported (a page
 * cannot capture its screen), and reloads for a reboot; the task list shows the TV's results, the
 * unsupported one with why in the console's words.
 */
test('a hotel browser TV sets the volume, cannot take a screenshot, reboots, and the task list shows its results', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const platform = await Api.as(request, DEMO.admin);
  const bund = (await brand.get<{ items: { id: number }[] }>('/records/hotel?publicId=1000001')).items[0]!;
  const { installCode } = await brand.get<{ installCode: string }>(`/terminals/hotel-settings?hotelId=${bund.id}`);
  const context = await browser.newContext();
  const tv = await context.newPage();
  await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(installCode)}&room=${unique('T').slice(0, 10)}`);
  await expect(tv.getByTestId('tv-unauthorized')).toBeVisible();
  const mac = (await tv.evaluate(() => JSON.parse(localStorage.getItem('htv.tv')!).mac)) as string;
  await tv.evaluate(() => ((window as unknown as { beforeReboot: boolean }).beforeReboot = true));

  const volume = await platform.post<{ id: number }>('/records/task-items', { name: unique('E2E音量'), action: 'setVolume', parameter: '30' });
  await platform.post('/tasks', { itemId: volume.id, macs: [mac] });
  await expect(tv.getByTestId('tv-notice')).toHaveText('音量 30');
  expect(await tv.evaluate(() => (JSON.parse(localStorage.getItem('htv.tv')!) as { volume?: number }).volume)).toBe(30);
  const shot = await platform.post<{ id: number }>('/records/task-items', { name: unique('E2E截屏'), action: 'screenshot' });
  await platform.post('/tasks', { itemId: shot.id, macs: [mac] });
  const resultsOf = async () => (await platform.get<{ items: { results: { mac: string; state: string }[] }[] }>('/tasks/runs?page=1&pagesize=20')).items.flatMap((run) => run.results).filter((r) => r.mac === mac).map((r) => r.state);
  await expect.poll(resultsOf).toEqual(['unsupported', 'success']);

  const item = await platform.post<{ id: number }>('/records/task-items', { name: unique('E2E重启'), action: 'reboot' });
  const task = await platform.post<{ runId: number; terminals: number }>('/tasks', { itemId: item.id, macs: [mac] });
  expect(task.terminals).toBe(1);
  // The page reloaded (a reboot): the marker set above is gone, and the TV comes back.
  // (An evaluation that meets the reload itself fails: asked again.)
  const marked = () => tv.evaluate(() => (window as unknown as { beforeReboot?: boolean }).beforeReboot ?? false).catch(() => true);
  await expect.poll(marked, { timeout: 40_000 }).toBe(false);
  await expect(tv.getByTestId('tv-unauthorized')).toBeVisible();
  await context.close();

  await login(page, 'platform', { via: 'api' });
  await page.goto(`${WEB}/task/list`);
  const results = activePage(page).getByTestId('task-results').locator('tbody tr').filter({ hasText: mac });
  await expect(results).toHaveCount(3);
  await expect(results.filter({ hasText: '成功' })).toHaveCount(2);
  await expect(results.filter({ hasText: '不支持' })).toContainText('浏览器电视不能截屏：网页未经观看者同意无法读取屏幕画面');
});
