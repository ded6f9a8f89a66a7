import { expect, test } from '@playwright/test';
import { WEB } from '../support/auth.js';
import { activePage, Api, DEMO, openAs, unique } from '../support/shell.js';

/**
 * A forgotten password (docs/auth.md, "Forgotten passwords"): the brand issues a one-time link from its
 * hotel account list, the account holder opens it, sets a new password and signs in with it; the link
 * is then spent. The request page answers without saying whether the account exists.
 */
test('a brand issues a reset link; the holder sets a new password with it once', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const admin = await Api.as(request, DEMO.admin);
  const hotelId = await admin.optionId('hotel', '朝阳外滩酒店');
  const roleId = (await admin.get<{ value: number; label: string }[]>('/records/role/options')).find((o) => o.label === '酒店管理员')!.value;
  const loginName = unique('e2e.reset.');
  const created = await admin.post<{ id: number }>('/records/hotel-account', { loginName, name: 'E2E 重置', email: null, password: 'Start123', roleId, enabled: true, isAuthUser: false, hotelId });
  const holder = await browser.newContext({ locale: 'en-US' });
  try {
    await openAs(page, DEMO.sunrise, `/user/lists?keyword=${encodeURIComponent(loginName)}`);
    const row = activePage(page).getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: loginName });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    const inline = row.getByTestId('reset-link-open');
    if (!(await inline.isVisible())) await row.getByTestId('row-actions-more').click();
    await page.getByTestId('reset-link-open').click();
    const url = new URL(await page.getByTestId('reset-link-url').inputValue());
    expect(url.pathname).toBe(`${WEB}/repwd`);

    const guest = await holder.newPage();
    await guest.goto(`${url.pathname}${url.search}`);
    await expect(guest.getByTestId('repwd-account')).toContainText(loginName);
    await guest.locator('#password').fill('Renewed789');
    await guest.locator('#password_confirmation').fill('Renewed780');
    await guest.getByTestId('repwd-submit').click();
    await expect(guest.getByTestId('repwd-form')).toContainText('The two passwords do not match');
    await guest.locator('#password_confirmation').fill('Renewed789');
    await guest.getByTestId('repwd-submit').click();
    await expect(guest.getByTestId('repwd-done')).toBeVisible();

    // Spent: the link no longer opens the form.
    await guest.goto(`${url.pathname}${url.search}`);
    await expect(guest.getByTestId('repwd-invalid')).toContainText('not valid');

    // Without a link: the request form answers alike for any name.
    await guest.goto(`${WEB}/repwd`);
    await guest.locator('#login').fill('nobody-at-all-here');
    await guest.getByTestId('repwd-ask-submit').click();
    await expect(guest.getByTestId('repwd-asked')).toContainText('If the account exists');
  } finally {
    await holder.close();
    await admin.call('DELETE', `/records/hotel-account/${created.id}`);
  }
});
