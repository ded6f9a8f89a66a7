import { expect, test, type Page } from '@playwright/test';
import { label, login, WEB } from '../support/auth.js';
import { activePage } from '../support/shell.js';
import { rowAction } from '../support/rows.js';

/**
 * Batch installation end to end (docs/batches.md): the platform opens a batch of one terminal for a
 * branch, shows its QR sheet, a browser TV opened at the sheet's URL registers authorized into the
 * branch, a second one past the maximum shows why it is not authorized, and the batch, now with a
 * registered terminal, cannot be deleted.
 */

const BATCHES = `${WEB}/batchmachine/list`;
const table = (page: Page) => activePage(page).getByTestId('record-table');
const rowOf = (page: Page, text: string) => table(page).locator('tbody tr.ant-table-row').filter({ hasText: text });

test('a QR batch installation registers a browser TV authorized into its hotel, up to the maximum', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const remarks = `E2E${Date.now().toString(36)}`.slice(0, 20);
  await login(page, 'platform', { via: 'api' });
  await page.goto(BATCHES);
  await expect(table(page)).toBeVisible({ timeout: 30_000 });
  await activePage(page).getByRole('button', { name: label('新建') }).click();
  const form = page.getByTestId('record-form');
  await form.locator('#hotelId').click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  const hotel = (await option.textContent())!.trim();
  await option.click();
  await form.locator('#maxTerminals').fill('1');
  await form.locator('#remarks').fill(remarks);
  await form.getByTestId('record-form-submit').click();
  await expect(form).toBeHidden();
  const row = rowOf(page, remarks);
  await expect(row).toContainText(hotel);
  await expect(row).toContainText('0');

  // The printable sheet: its QR code carries the browser TV's URL with both codes.
  await (await rowAction(row, (scope) => scope.getByTestId('batch-sheet-open'))).click();
  const sheet = page.getByTestId('batch-sheet');
  await expect(sheet).toBeVisible();
  const qr = sheet.getByTestId('batch-sheet-qr');
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const url = new URL((await qr.getAttribute('data-url'))!);
  const authCode = (await sheet.getByTestId('batch-sheet-auth-code').textContent())!;
  expect(url.searchParams.get('batch')).toBe(authCode);
  expect(url.searchParams.get('code')).toBe(await sheet.getByTestId('batch-sheet-install-code').textContent());
  await expect(page.getByTestId('batch-sheet-print')).toBeEnabled();
  await page.keyboard.press('Escape');

  // A TV opened at the QR code's address joins the branch authorized.
  const tvAddress = `${url.pathname}${url.search}&reset=1&ui=en`;
  const first = await browser.newContext();
  const tv = await first.newPage();
  await tv.goto(tvAddress);
  await expect(tv.getByTestId('tv')).toHaveAttribute('data-phase', 'ready');
  await expect(tv.getByTestId('tv-ready')).toContainText(hotel);

  // The next one is past the batch's maximum: unauthorized, saying why.
  const second = await browser.newContext();
  const late = await second.newPage();
  await late.goto(tvAddress);
  await expect(late.getByTestId('tv')).toHaveAttribute('data-phase', 'unauthorized');
  await expect(late.getByTestId('tv-reason')).toContainText('maximum of 1 terminals');
  await first.close();
  await second.close();

  // The list counts the registered terminal, and the batch cannot be deleted any more.
  await activePage(page).getByRole('button', { name: label('刷新') }).click();
  await (await rowAction(rowOf(page, remarks), (scope) => scope.getByTestId('batch-sheet-open'))).click();
  await expect(page.getByTestId('batch-sheet')).toContainText('1 / 1');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('batch-sheet')).toBeHidden();
  await (await rowAction(rowOf(page, remarks), (scope) => scope.getByRole('button', { name: label('删除') }))).click();
  await page.locator('.ant-popconfirm').filter({ hasText: '确定删除这条数据吗？' }).getByRole('button', { name: /^\s*(确\s*定|OK)\s*$/ }).click();
  await expect(page.getByText('该批次已有注册的终端，不能删除')).toBeVisible();
  await expect(rowOf(page, remarks)).toBeVisible();
});
