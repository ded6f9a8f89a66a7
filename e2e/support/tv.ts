import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { Api, DEMO, unique } from './shell.js';

/** The install code of the demo's Sunrise Bund hotel (1000001). */
export async function bundInstallCode(brand: Api): Promise<string> {
  const bund = (await brand.get<{ items: { id: number }[] }>('/records/hotel?publicId=1000001')).items[0]!;
  return (await brand.get<{ installCode: string }>(`/terminals/hotel-settings?hotelId=${bund.id}`)).installCode;
}

/** Makes the tab a new TV set up with the install code (a new room): it waits for authorization. Answers its MAC and device token. */
export async function newTv(tv: Page, installCode: string, roomPrefix: string): Promise<{ mac: string; token: string }> {
  await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(installCode)}&room=${unique(roomPrefix).slice(0, 12)}`);
  await expect(tv.getByTestId('tv-unauthorized')).toBeVisible();
  return tv.evaluate(() => JSON.parse(localStorage.getItem('htv.tv')!) as { mac: string; token: string });
}

/**
 * Switches on a browser TV (/tv/) with the install code of the demo hotel 1000001 (registered, not yet
 * authorized) and closes it; answers its MAC and device token.
 */
export async function switchOnBrowserTv(browser: Browser, request: APIRequestContext, roomPrefix: string): Promise<{ mac: string; token: string }> {
  const brand = await Api.as(request, DEMO.sunrise);
  const context = await browser.newContext();
  const tv = await context.newPage();
  const { mac, token } = await newTv(tv, await bundInstallCode(brand), roomPrefix);
  await context.close();
  return { mac, token };
}
