import { expect, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';
import { apiLogin, captchaAnswer, dragSlider, label, WEB } from './auth.js';

/**
 * Helpers for the console shell's browser tests (shell, auth, messages, systems specs): the side
 * menu, the tab bar, the language switch, and API calls with a session token. The login itself comes
 * from support/auth.ts.
 */

export const DEMO = {
  admin: { email: 'admin', password: 'admin123' },
  ops: { email: 'ops', password: 'ops123' },
  sunrise: { email: 'sunrise', password: 'brand123' },
  bluebay: { email: 'bluebay', password: 'brand123' },
  groupManager: { email: 'group.manager', password: 'brand123' },
  bund: { email: 'sunrise.bund', password: 'hotel123' },
  multi: { email: 'sunrise.multi', password: 'hotel123' },
} as const;

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Any CJK character: a string left untranslated in the English interface. */
export const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/;

export const sideMenu = (page: Page) => page.getByTestId('side-menu');
export const tabBar = (page: Page) => page.getByTestId('tab-bar');
/** The page of the active tab (hidden kept-alive pages are left out). */
export const activePage = (page: Page) => page.locator('[data-testid="tab-page"][data-active="true"]');

/** Labels of the open tabs, in order. */
export async function tabLabels(page: Page): Promise<string[]> {
  return (await tabBar(page).getByTestId('tab-label').allTextContents()).map((s) => s.trim());
}

/** The tab whose label is `text` (the role=tab element and its close button). */
export function tab(page: Page, text: string): Locator {
  return tabBar(page).locator('.ant-tabs-tab').filter({ has: page.getByTestId('tab-label').getByText(text, { exact: true }) });
}

/** Waits until the tab labelled `text` is the selected one and its page is shown. */
export async function expectActiveTab(page: Page, text: string) {
  await expect(tab(page, text).getByRole('tab')).toHaveAttribute('aria-selected', 'true');
  await expect(activePage(page)).toBeVisible();
}

/** A side-menu entry (page or group) by its title; its icon's name may come first. */
export function menuEntry(page: Page, title: string): Locator {
  return sideMenu(page).getByRole('menuitem', { name: label(title) }).first();
}

/** Clicks a menu page, in its group (opened first when closed) or at the top level. */
export async function openFromMenu(page: Page, item: string, group?: string) {
  const menu = sideMenu(page);
  if (group) {
    const groupTitle = page.locator('.ant-menu-submenu-title').filter({ has: page.getByText(group, { exact: true }) });
    const title = menu.locator('.ant-menu-submenu-title').filter({ has: page.getByText(group, { exact: true }) });
    const entry = menu
      .locator('li.ant-menu-submenu')
      .filter({ has: groupTitle })
      .locator('li.ant-menu-item')
      .filter({ has: page.getByText(item, { exact: true }) });
    if (!(await entry.isVisible())) await title.click();
    await entry.click();
  } else {
    await menu.locator('ul.ant-menu-root > li.ant-menu-item').filter({ has: page.getByText(item, { exact: true }) }).click();
  }
  await expectActiveTab(page, item);
}

/**
 * Chooses a language in the header's switch (again if a click was lost to a closing dialog or the
 * dropdown's opening animation).
 */
export async function switchLanguage(page: Page, name: 'English' | '简体中文') {
  const lang = name === 'English' ? 'en-US' : 'zh-CN';
  await expect(async () => {
    if ((await page.locator('html').getAttribute('lang')) === lang) return;
    const item = page.locator('.ant-dropdown:visible').getByRole('menuitem', { name });
    if (!(await item.isVisible())) await page.getByTestId('lang-switch').click();
    await item.click({ timeout: 2_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', lang, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

const tokens = new Map<string, string>();

/**
 * A session token of `account`: the one this worker signed in with before while the server still
 * accepts it (the captcha allows 30 challenges a minute per address, and every sign-in costs one),
 * or a new sign-in. `fresh` always signs in, and keeps the session out of the cache: for tests that
 * change the session on the server (project switch) or end it.
 */
export async function sessionToken(request: APIRequestContext, account: { email: string; password: string }, fresh = false): Promise<string> {
  const cached = fresh ? undefined : tokens.get(account.email);
  if (cached) {
    const check = await request.get('/api/admin/userinfo', { headers: { authorization: `Bearer ${cached}` } });
    if (check.ok()) {
      // A session older than the rotation age answers with its new token; the old one soon expires.
      const rotated = check.headers()['x-session-token'];
      if (rotated) tokens.set(account.email, rotated);
      return rotated ?? cached;
    }
  }
  const token = await apiLogin(request, account);
  // A fresh session is the test's own (it may move or end it): never handed to another test.
  if (!fresh) tokens.set(account.email, token);
  return token;
}

/**
 * Signs `account` in by API and opens `path` with that token (no captcha drag: the login form has
 * tests of its own). The token goes into localStorage from a same-origin page that is not the console,
 * so nothing re-inserts it after a logout or a 401; any stored user type is dropped.
 */
export async function openAs(page: Page, account: { email: string; password: string }, path = '/home', { fresh = false } = {}): Promise<string> {
  const token = await sessionToken(page.request, account, fresh);
  await page.goto('/api/health');
  await page.evaluate((value) => {
    localStorage.setItem('token', value);
    localStorage.removeItem('user_type');
  }, token);
  await page.goto(`${WEB}${path}`);
  await expect(sideMenu(page)).toBeVisible();
  return token;
}

/** JSON calls with a session token, for test setup and checks outside the page. */
export class Api {
  constructor(
    readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  static async as(request: APIRequestContext, account: { email: string; password: string }): Promise<Api> {
    return new Api(request, await sessionToken(request, account));
  }

  private headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<{ status: number; body: { code: string; data: T; errmsg?: string } }> {
    const response = await this.request.fetch(`/api${path}`, { method, headers: this.headers(), ...(data === undefined ? {} : { data }) });
    const text = await response.text();
    return { status: response.status(), body: text ? JSON.parse(text) : {} };
  }

  async get<T>(path: string): Promise<T> {
    const { status, body } = await this.call<T>('GET', path);
    expect(status, `GET ${path}: ${JSON.stringify(body)}`).toBe(200);
    return body.data;
  }

  async post<T>(path: string, data: unknown = {}): Promise<T> {
    const { status, body } = await this.call<T>('POST', path, data);
    expect(status, `POST ${path}: ${JSON.stringify(body)}`).toBe(200);
    return body.data;
  }

  async put<T>(path: string, data: unknown): Promise<T> {
    const { status, body } = await this.call<T>('PUT', path, data);
    expect(status, `PUT ${path}: ${JSON.stringify(body)}`).toBe(200);
    return body.data;
  }

  /** The value of the select option of a record whose label is `label`. */
  async optionId(recordPath: string, label: string): Promise<number> {
    const options = await this.get<{ value: number; label: string }[]>(`/records/${recordPath}/options?keyword=${encodeURIComponent(label)}`);
    const found = options.find((o) => o.label === label);
    expect(found, `${recordPath} option ${label} among ${JSON.stringify(options)}`).toBeTruthy();
    return found!.value;
  }
}

/**
 * Picks an option of an antd Select (found by its input's id, its test id or aria-label) after typing
 * to search, until the select shows it: a click that lands as the server's search results replace the
 * list (300 ms after the typing) finds its option drawn again and is lost.
 */
export async function chooseOption(page: Page, select: Locator, option: string, search = option) {
  const root = select.locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const input = root.getByRole('combobox');
  await expect(async () => {
    if ((await root.textContent())?.includes(option)) return;
    await input.click();
    if (await input.isEditable()) await input.fill(search); // a select without search has a read-only input
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 5_000 });
    await expect(root).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

interface Challenge {
  id: string;
  width: number;
}

const isCaptcha = (r: Response) => new URL(r.url()).pathname === '/api/captcha' && r.request().method() === 'GET';

/** The challenge a captcha response carries, or null when its body is gone (Chrome drops it at times). */
async function challengeOf(response: Response): Promise<Challenge | null> {
  try {
    return ((await response.json()) as { data: Challenge }).data;
  } catch {
    return null;
  }
}

/**
 * Signs in through the login form like a person: waits for the page's captcha challenge (asking for
 * a new puzzle when its body cannot be read), drags the slider handle with the mouse to the answer
 * the test hook gives, no sooner than 400 ms after the challenge was issued, then submits. Answers
 * the login call's response.
 */
export async function formLogin(page: Page, account: { email: string; password: string }): Promise<Response> {
  // Wait for the new document's own challenge: listen only once the old document is gone.
  await page.goto(`${WEB}/login`, { waitUntil: 'commit' });
  let challenge = await challengeOf(await page.waitForResponse(isCaptcha));
  for (let attempt = 0; !challenge && attempt < 3; attempt++) {
    const next = page.waitForResponse(isCaptcha);
    await page.getByTestId('slider-captcha').getByRole('button', { name: /换一张|New puzzle/ }).click();
    challenge = await challengeOf(await next);
  }
  expect(challenge, 'the login page shows a captcha challenge').toBeTruthy();
  const issuedAt = Date.now();

  const form = page.getByTestId('login-form');
  await form.locator('#email').fill(account.email);
  await form.locator('#password').fill(account.password);

  const { x } = await captchaAnswer(page.request, challenge!.id);
  const captcha = page.getByTestId('slider-captcha');
  const shown = (await captcha.locator('img').first().boundingBox())?.width;
  await page.waitForTimeout(Math.max(0, 400 - (Date.now() - issuedAt)));
  const verify = await dragSlider(page, x * (shown ? shown / challenge!.width : 1));
  expect(verify.ok(), `captcha drag to x=${x}: ${verify.status()}`).toBe(true);
  await expect(captcha).toContainText(/验证通过|Verified/);

  const answered = page.waitForResponse((r) => /\/api\/(admin|web)\/login$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await form.locator('button[type="submit"]').click();
  return answered;
}

/** formLogin that must succeed: ends on the signed-in shell. */
export async function loginThroughForm(page: Page, account: { email: string; password: string }) {
  const response = await formLogin(page, account);
  expect(response.status(), `login of ${account.email}: ${await response.text().catch(() => '')}`).toBe(200);
  await expect(sideMenu(page)).toBeVisible();
}
