import { expect, test, type Page, type Response } from '@playwright/test';
import { ACCOUNTS, dragToSeenGap, WEB } from '../support/auth.js';
import { sideMenu, switchLanguage } from '../support/shell.js';

/**
 * The login form as people meet it (docs/security.md): the captcha's one plain gap, found by looking
 * at the picture the page shows, passes at the first try; a wrong password is said at the form in the
 * interface's language, and a fresh puzzle is ready for the next try.
 */

const isChallenge = (r: Response) => new URL(r.url()).pathname === '/api/captcha' && r.request().method() === 'GET';
const isLogin = (r: Response) => new URL(r.url()).pathname === '/api/admin/login' && r.request().method() === 'POST';
/** The captcha refuses answers given sooner than 300 ms after a challenge is issued; a person is slower. */
const HUMAN_MS = 500;

/**
 * Waits until the captcha shows the challenge `issued` brought (no spinner; a picture other than the
 * one it showed before, `previous`), then as long as a person takes to look.
 */
async function challengeShown(page: Page, issued: Promise<Response>, previous?: string | null) {
  expect((await issued).ok()).toBe(true);
  const captcha = page.getByTestId('slider-captcha');
  const picture = captcha.locator('img').first();
  if (previous) await expect(picture).not.toHaveAttribute('src', previous);
  await expect(picture).toBeVisible();
  await expect(captcha.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.waitForTimeout(HUMAN_MS);
}

/** Fills the form, drags the captcha to the gap it sees, submits; answers the login response. */
async function signIn(page: Page, account: { email: string; password: string }): Promise<Response> {
  const form = page.getByTestId('login-form');
  await form.locator('#email').fill(account.email);
  await form.locator('#password').fill(account.password);
  const verified = await dragToSeenGap(page);
  expect(verified.ok(), `the captcha refused the drag to the gap seen: ${await verified.text()}`).toBe(true);
  const answered = page.waitForResponse(isLogin);
  await form.locator('button[type="submit"]').click();
  return answered;
}

test('dragging to the gap as it is seen signs in 20 times out of 20', async ({ browser, baseURL }) => {
  test.setTimeout(360_000);
  let signedIn = 0;
  for (let attempt = 0; attempt < 20; attempt++) {
    // The server issues 30 challenges a minute per address: 20 sign-ins spread over a minute.
    const paced = new Promise((resolve) => setTimeout(resolve, 3000));
    // A browser of its own each time: no session, and no page of the last one still navigating.
    const context = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const page = await context.newPage();
    try {
      const issued = page.waitForResponse(isChallenge);
      await page.goto(`${WEB}/login`);
      await challengeShown(page, issued);
      const response = await signIn(page, ACCOUNTS.hotel);
      if (response.status() === 200) signedIn++;
      await expect(page).not.toHaveURL(/\/login/);
      await expect(sideMenu(page)).toBeVisible();
    } finally {
      await context.close();
    }
    await paced;
  }
  expect(signedIn).toBe(20);
});

test('a wrong password is said at the form in either language, and the next try needs no reload', async ({ page }) => {
  const account = ACCOUNTS.brand;
  const captcha = page.getByTestId('slider-captcha');
  const failure = page.getByTestId('login-failure');
  let issued = page.waitForResponse(isChallenge);
  await page.goto(`${WEB}/login`);
  await challengeShown(page, issued);

  for (const [language, message, captchaMessage] of [
    ['简体中文', '用户名或密码错误', '请先拖动验证码到正确位置'],
    ['English', 'Incorrect user name or password', 'Please drag the captcha to the right position first'],
  ] as const) {
    await switchLanguage(page, language);
    issued = page.waitForResponse(isChallenge);
    const previous = await captcha.locator('img').first().getAttribute('src');
    const response = await signIn(page, { email: account.email, password: 'wrongpass1' });
    expect(response.status()).toBe(422);
    await expect(failure).toHaveText(message);
    // The used captcha is replaced by a fresh one, with no complaint about it.
    await challengeShown(page, issued, previous);
    await expect(captcha).not.toContainText(/验证通过|Verified/);
    await expect(page.getByText(captchaMessage)).toHaveCount(0);
    await expect(page).toHaveURL(/\/login/);
  }

  // The right password with the fresh puzzle signs in.
  expect((await signIn(page, account)).status()).toBe(200);
  await expect(sideMenu(page)).toBeVisible();
  await switchLanguage(page, '简体中文');
});
