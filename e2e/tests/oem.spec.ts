import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.js';
import { openAs } from '../support/shell.js';
import { rowAction } from '../support/rows.js';

/**
 * The manufacturer list's MAC search (docs/tenants.md "OEM"): the demo terminals (MACs DM…) run the
 * launcher `hotelos`, which belongs to the demo manufacturer 海智电视 and to no other.
 */

const customerRow = (page: Page, name: string) => page.getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: name });
const searchDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('oem-mac-input') });

async function searchAs(page: Page, manufacturer: string, lines: string[]) {
  await (await rowAction(customerRow(page, manufacturer), (scope) => scope.getByTestId('oem-mac-search-open'))).click();
  const dialog = searchDialog(page);
  await dialog.getByTestId('oem-mac-input').fill(lines.join('\n'));
  await dialog.getByTestId('oem-mac-run').click();
  return dialog;
}

test("the platform administrator finds a manufacturer's terminals among pasted MACs", async ({ page }) => {
  await openAs(page, ACCOUNTS.platform, '/customer_manage/customer');

  const hismart = await searchAs(page, '海智电视', ['DM0000000001', 'dm-00-00-00-00-02', 'AABBCCDDEEFF', 'oops']);
  await expect(hismart.getByTestId('oem-mac-found')).toHaveText('找到 2 台');
  await expect(hismart.getByTestId('oem-mac-missing')).toHaveValue('AABBCCDDEEFF');
  await expect(hismart.getByTestId('oem-mac-invalid')).toHaveValue('oops');
  const found = hismart.getByTestId('oem-mac-table').locator('tbody tr.ant-table-row');
  await expect(found).toHaveCount(2);
  for (const mac of ['DM0000000001', 'DM0000000002']) await expect(found.filter({ hasText: mac })).toContainText('hotelos');
  await hismart.getByRole('button', { name: /close|关闭/i }).click();
  await expect(hismart).toBeHidden();

  // Another manufacturer's launchers: the same terminals are missing.
  const kangyue = await searchAs(page, '康悦显示', ['DM0000000001', 'DM0000000002']);
  await expect(kangyue.getByTestId('oem-mac-found')).toHaveText('找到 0 台');
  await expect(kangyue.getByTestId('oem-mac-missing')).toHaveValue('DM0000000001\nDM0000000002');
});
