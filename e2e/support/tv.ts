import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { Api, DEMO, unique } from './shell.js';

/**
 * Switches on a browser TV (/tv/) with the install code of the demo hotel 1000001 (registered, not yet
 * authorized) and closes it; answers its MAC and device token.
 */
export async function switchOnBrowserTv(browser: Browser, request: APIRequestContext, roomPrefix: string): Promise<{ mac: string; token: string }> {
  const brand = await Api.as(request, DEMO.sunrise);
  const bund = (await brand.get<{ items: { id: number }[] }>('/records/hotel?publicId=1000001')).items[0]!;
  const { installCode } = await brand.get<{ installCode: string }>(`/terminals/hotel-settings?hotelId=${bund.id}`);
  const context = await browser.newContext();
  const tv = await context.newPage();
  await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(installCode)}&room=${unique(roomPrefix).slice(0, 10)}`);
  await expect(tv.getByTestId('tv-unauthorized')).toBeVisible({ timeout: 20_000 });
  const stored = (await tv.evaluate(() => JSON.parse(localStorage.getItem('htv.tv')!))) as { mac: string; token: string };
  await context.close();
  return { mac: stored.mac, token: stored.token };
}
