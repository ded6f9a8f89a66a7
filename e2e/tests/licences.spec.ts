import { expect, test } from '@playwright/test';
import { Api, DEMO, unique } from '../support/shell.js';

/**
 * Licences on the browser TV (docs/licences.md): in a new hotel with a licence of one terminal, the
 * first TV (authorized through an installation batch) runs and the second is told it is past the
 * limit; when the licence expires the first one shows the expired screen too.
 */

test('the browser TV shows an over-limit and an expired licence', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const platform = await Api.as(request, DEMO.admin);
  const hotel = await brand.post<{ id: number }>('/records/hotel', { name: unique('E2E许可证酒店'), ipWhitelist: '127.0.0.1', systemVersion: '3.0', apPassword: 'E2Epass123' });
  const batch = await platform.post<{ id: number }>('/records/batch-machines', { hotelId: hotel.id, maxTerminals: 5 });
  const sheet = await platform.get<{ url: string }>(`/batch-machines/${batch.id}/sheet`);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const licence = await platform.post<{ id: number }>('/records/licences', { hotelId: hotel.id, terminalLimit: 1, effectiveOn: day(-5), expiresOn: day(30) });
  const address = `${new URL(sheet.url).pathname}${new URL(sheet.url).search}&reset=1&ui=en`;

  const first = await browser.newContext();
  const tv = await first.newPage();
  await tv.goto(address);
  await expect(tv.getByTestId('tv')).toHaveAttribute('data-phase', 'ready');

  const second = await browser.newContext();
  const late = await second.newPage();
  await late.goto(address);
  await expect(late.getByTestId('tv-licence')).toBeVisible();
  await expect(late.getByTestId('tv-reason')).toContainText('exceed its licence limit of 1');
  await second.close();

  // The licence ends: the running TV is told at once (push channel) and stops.
  await platform.put(`/records/licences/${licence.id}`, { terminalLimit: 1, effectiveOn: day(-30), expiresOn: day(-1) });
  await expect(tv.getByTestId('tv-licence')).toBeVisible();
  await expect(tv.getByTestId('tv-reason')).toContainText('expired');
  await first.close();
});
