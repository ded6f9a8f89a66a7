import { expect, test, type Page } from '@playwright/test';
import { label } from '../support/auth.js';
import { Api, DEMO, openAs, unique } from '../support/shell.js';

/**
 * VOD split accounts and bills (docs/vod.md): a split account is saved through the generated form only
 * after the confirm-save prompt, with its bank account entered twice, and the account stays fixed on
 * edit; the platform generates last month's bills, follows the demo hotel's bill through its stages
 * (each confirmed), and the hotel sees its bill without any stage action.
 */

const dialog = (page: Page) => page.getByRole('dialog');

/** Last month in China time (the demo's orders and bill are of that month). */
function lastMonth(): string {
  const local = new Date(Date.now() + 8 * 3_600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

async function pickDate(page: Page, id: string, value: string) {
  const input = dialog(page).locator(`#${id}`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test('a split account is saved after the confirm-save prompt, its bank account entered twice and fixed after', async ({ page, request }) => {
  const name = unique('Party').slice(0, 20);
  await openAs(page, DEMO.admin, '/vod/account');
  await page.getByRole('button', { name: label('新建') }).click();
  const form = dialog(page).getByTestId('record-form');
  await form.locator('#name').fill(name);
  await form.locator('#percent').fill('20');
  await form.locator('#contractNo').fill(unique('C-'));
  await pickDate(page, 'startDate', '2026-01-01');
  await pickDate(page, 'endDate', '2026-12-31');
  await form.locator('#bankName').fill('Bank');
  await form.locator('#accountHolder').fill('Holder');
  await form.locator('#bankAccount').fill('6222020000000009');
  await form.locator('#bankAccountConfirm').fill('6222020000000008');
  await form.getByTestId('record-form-submit').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('银行账号保存后不能修改');
  await page.getByTestId('record-form-confirm').click();
  await expect(form.locator('.ant-form-item').filter({ has: page.locator('#bankAccountConfirm') })).toContainText('两次输入的银行账号不一致');

  await form.locator('#bankAccountConfirm').fill('6222020000000009');
  await form.getByTestId('record-form-submit').click();
  await page.getByTestId('record-form-confirm').click();
  const row = page.getByTestId('record-table').locator('tbody tr').filter({ hasText: name });
  await expect(row).toContainText('6222020000000009');

  // On edit the account is shown but cannot change, and the confirmation is not asked.
  await row.getByRole('button', { name: label('编辑') }).click();
  const edit = dialog(page).getByTestId('record-form');
  await expect(edit.locator('#bankAccount')).toBeDisabled();
  await expect(edit.locator('#bankAccount')).toHaveValue('6222020000000009');
  await expect(edit.locator('#bankAccountConfirm')).toHaveCount(0);

  const admin = await Api.as(request, DEMO.admin);
  const [saved] = (await admin.get<{ items: { bankAccount: string }[] }>(`/records/vod-account?keyword=${encodeURIComponent(name)}`)).items;
  expect(saved!.bankAccount).toBe('6222020000000009');
});

test('the platform generates last month’s bills and moves the demo hotel’s through its stages; the hotel sees its own', async ({ page, browser }) => {
  const period = lastMonth();
  await openAs(page, DEMO.admin, '/vod/bill');
  await page.getByTestId('vod-bills-generate').click();
  await dialog(page).getByTestId('vod-bills-period').fill(period);
  await page.getByTestId('vod-bills-generate-ok').click();
  await expect(page.locator('.ant-message')).toContainText('重新计算');

  const row = page.getByTestId('record-table').locator('tbody tr').filter({ hasText: `朝阳集团点播分成 ${period}` });
  await expect(row).toContainText('预算');
  await row.getByTestId('vod-bill-details').click();
  const details = dialog(page).filter({ hasText: '分账明细' });
  await expect(details).toContainText('朝阳集团');
  await expect(details).toContainText('星光影业');
  await expect(details.getByTestId('vod-bill-total')).toHaveText(/^\d+\.\d{2}$/);
  await page.keyboard.press('Escape');

  for (const [action, confirm, stage] of [
    ['结算', '结算后金额不再重新计算', '结算'],
    ['财务对账', '确认财务已对账', '财务已对账'],
    ['确认转账', '确认已转账', '已转账'],
  ] as const) {
    await row.getByRole('button', { name: label(action) }).click();
    await page.locator('.ant-popconfirm').filter({ hasText: confirm }).getByRole('button', { name: /^\s*(确\s*定|OK)\s*$/ }).click();
    await expect(row).toContainText(stage);
  }
  for (const action of ['结算', '财务对账', '确认转账']) await expect(row.getByRole('button', { name: label(action) })).toHaveCount(0);

  const context = await browser.newContext();
  const hotelPage = await context.newPage();
  try {
    await openAs(hotelPage, DEMO.bund, '/vod/bill');
    const own = hotelPage.getByTestId('record-table').locator('tbody tr').filter({ hasText: `朝阳集团点播分成 ${period}` });
    await expect(own).toContainText('已转账');
    await expect(hotelPage.getByTestId('vod-bills-generate')).toHaveCount(0);
    await expect(own.getByRole('button', { name: label('结算') })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
