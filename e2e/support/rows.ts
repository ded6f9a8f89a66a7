import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The actions of a generated list's row: the row's action cell, plus its "More" menu, opened, when
 * the row folds some there (press Escape to close it). Asserting on this finds an action wherever the
 * row shows it.
 */
export async function rowActions(row: Locator): Promise<Locator> {
  await expect(row).toBeVisible();
  const more = row.getByTestId('row-actions-more');
  if (!(await more.count())) return row;
  const menu = row.page().getByTestId('row-actions-menu').filter({ visible: true });
  await openMore(more, menu);
  return row.or(menu);
}

/** One action of a row, in line or behind "More" (opened when it is there), ready to click. */
export async function rowAction(row: Locator, pick: (scope: Locator) => Locator): Promise<Locator> {
  await expect(row).toBeVisible();
  const inline = pick(row);
  if (await inline.count()) return inline;
  const menu = row.page().getByTestId('row-actions-menu').filter({ visible: true });
  await openMore(row.getByTestId('row-actions-more'), menu);
  const found = pick(menu);
  await expect(found).toBeVisible();
  return found;
}

/**
 * Opens a row's "More" menu, clicking again when it did not open: a list that refreshes while the
 * click lands (live fleet data) may draw the row again and drop the menu.
 */
async function openMore(more: Locator, menu: Locator): Promise<void> {
  await expect(async () => {
    if (!(await menu.isVisible())) await more.click();
    await expect(menu).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Closes an open "More" menu of row actions. */
export async function closeRowActions(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('row-actions-menu').filter({ visible: true })).toHaveCount(0);
}
