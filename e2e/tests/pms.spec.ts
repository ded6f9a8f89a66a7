import { expect, test, type Page } from '@playwright/test';
import { connect, createServer } from 'node:net';
import { login, WEB } from '../support/auth.js';
import { activePage, Api, DEMO, unique } from '../support/shell.js';
import { bundInstallCode } from '../support/tv.js';

/**
 * The PMS interface end to end (docs/pms.md): the Bund hotel's administrator opens the PMS interface
 * from the PMS log, sees the secret and turns the FIAS link on; a PMS connects over TCP and checks a
 * guest in; the PMS log, the room list and the tour groups show it.
 */

const table = (page: Page) => activePage(page).getByTestId('record-table');
const frame = (type: string, fields: Record<string, string>) =>
  Buffer.concat([Buffer.from([2]), Buffer.from(`${type}|${Object.entries(fields).map(([id, value]) => `${id}${value}|`).join('')}`, 'utf8'), Buffer.from([3])]);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Connects once the server listens on the hotel's port, checks the guest in and waits for the answer to a link alive. */
async function checkInOverFias(port: number, fields: Record<string, string>): Promise<void> {
  await expect(async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const answered = new Promise<void>((resolve) => socket.on('data', (chunk) => chunk.includes('LA|') && resolve()));
    socket.write(Buffer.concat([frame('LS', {}), frame('GI', fields), frame('LA', {})]));
    await answered;
    socket.end(frame('LE', {}));
  }).toPass({ timeout: 40_000 });
}

test('a hotel turns its FIAS link on, its PMS checks a guest in, the console shows the stay and the room’s TV switches to the guest’s language', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const hotel = await Api.as(request, DEMO.bund);
  const room = `P${unique('').slice(-6)}`.toUpperCase();
  await hotel.post('/records/room', { number: room });
  const guest = `E2E ${unique('')}`.slice(0, 30);
  const group = unique('TG').slice(0, 12);
  const port = await freePort();

  // A browser TV in the room, authorized: the launcher shows in its first language.
  const brand = await Api.as(request, DEMO.sunrise);
  const tvContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await tvContext.newPage();
  await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(await bundInstallCode(brand))}&room=${room}`);
  await expect(tv.getByTestId('tv-unauthorized')).toBeVisible();
  const mac = await tv.evaluate(() => (JSON.parse(localStorage.getItem('htv.tv')!) as { mac: string }).mac);
  await brand.post('/terminals/authorize', { macs: [mac] });
  await expect(tv.getByTestId('tv')).toHaveAttribute('data-phase', 'ready');
  await expect(tv.getByTestId('tv')).toHaveAttribute('data-content-lang', 'zh-CN');

  await login(page, DEMO.bund, { via: 'api' });
  await page.goto(`${WEB}/content/pmslog`);
  await expect(table(page)).toBeVisible({ timeout: 30_000 });
  await activePage(page).getByTestId('pms-interface-open').click();
  await expect(page.getByTestId('pms-protocol')).toContainText('FIAS');
  await expect(page.getByTestId('pms-endpoint')).toContainText('/api/pms/v1/hotels/1000001/events');
  await page.getByTestId('pms-secret-show').click();
  await expect(page.getByTestId('pms-secret')).toHaveText(/^[0-9a-f]{64}$/);
  await page.getByTestId('pms-fias-enabled').click();
  await page.getByTestId('pms-fias-port').fill(String(port));
  await page.getByTestId('pms-fias-allowed').fill('127.0.0.1');
  await page.getByTestId('pms-fias-save').click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '已保存' })).toBeVisible();

  try {
    await checkInOverFias(port, { RN: room, 'G#': unique('R'), GN: guest, GT: 'Mr', GL: 'EN', GG: group });
    // The TV is told at once and shows its content in the guest's language.
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-content-lang', 'en');
    await tvContext.close();
    await page.keyboard.press('Escape');
    await page.goto(`${WEB}/content/pmslog`);
    const row = table(page).locator('tbody tr.ant-table-row').filter({ hasText: guest });
    await expect(row).toContainText('入住');
    await expect(row).toContainText('已处理');

    await page.goto(`${WEB}/ht/rooms?keyword=${room}`);
    const roomRow = table(page).locator('tbody tr.ant-table-row').filter({ hasText: room });
    await expect(roomRow).toContainText(guest);
    await expect(roomRow).toContainText('英语');

    await page.goto(`${WEB}/content/tour_group`);
    await expect(table(page).locator('tbody tr.ant-table-row').filter({ hasText: group })).toContainText(room);
  } finally {
    await hotel.call('PUT', '/pms/interface', { fiasEnabled: false, fiasPort: null, fiasAllowed: '' });
  }
});
