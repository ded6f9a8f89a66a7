import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { eyeSolver, type Pixels } from '../../apps/server/test/support/captchaSolvers.js';

/** The demo accounts the server seeds on first start (apps/server/src/seed/demo.ts). */
export const ACCOUNTS = {
  platform: { email: 'admin', password: 'admin123' },
  brand: { email: 'sunrise', password: 'brand123' },
  hotel: { email: 'sunrise.bund', password: 'hotel123' },
} as const;

export type AccountName = keyof typeof ACCOUNTS;
type Account = AccountName | { email: string; password: string };

const credentials = (account: Account) => (typeof account === 'string' ? ACCOUNTS[account] : account);

/** The console's web base (apps/server/src/system/web.ts). */
export const WEB = '/new-frontend';

interface Challenge {
  id: string;
  width: number;
  pieceWidth: number;
}

/** Waits out the captcha's "faster than a person" rule (300 ms after issue) with a margin. */
const HUMAN_MS = 400;

/**
 * The answer of a live drag-captcha challenge, from the server's test hook (GET /api/test/captcha/:id,
 * only with HTV_TEST_HOOKS=1 outside production, as global-setup starts it).
 */
export async function captchaAnswer(request: APIRequestContext, id: string): Promise<{ x: number; y: number }> {
  const response = await request.get(`/api/test/captcha/${encodeURIComponent(id)}`);
  expect(response.ok(), `captcha test hook: HTTP ${response.status()} (is the server started with HTV_TEST_HOOKS=1?)`).toBe(true);
  return ((await response.json()) as { data: { x: number; y: number } }).data;
}

/** A solved captcha for the login body, or undefined when the server has no captcha. */
async function solvedCaptcha(request: APIRequestContext): Promise<{ id: string; x: number } | undefined> {
  const issued = await request.get('/api/captcha');
  if (issued.status() === 404) return undefined;
  expect(issued.ok(), `GET /api/captcha: HTTP ${issued.status()}`).toBe(true);
  const { id } = ((await issued.json()) as { data: Challenge }).data;
  const { x } = await captchaAnswer(request, id);
  await new Promise((r) => setTimeout(r, HUMAN_MS));
  return { id, x };
}

/** POST /api/admin/login (solving the captcha through the test hook); returns the session token. */
export async function apiLogin(request: APIRequestContext, account: Account): Promise<string> {
  const captcha = await solvedCaptcha(request);
  const response = await request.post('/api/admin/login', { data: { ...credentials(account), ...(captcha ? { captcha } : {}) } });
  expect(response.ok(), `login of ${credentials(account).email}: HTTP ${response.status()} ${await response.text()}`).toBe(true);
  const body = (await response.json()) as { code: string; data: { token: string; user_type: number } };
  expect(body.code).toBe('0');
  return body.data.token;
}

/**
 * Drags the login page's slider captcha (data-testid="slider-captcha", its handle role="slider") into
 * the gap: the challenge is the page's own GET /api/captcha, its answer comes from the test hook, and
 * the handle moves by the answer (scaled to the image as shown) in small steps like a person. Waits
 * for the page's POST /api/captcha/verify to hand out the pass token.
 */
async function dragCaptcha(page: Page, challenge: Challenge) {
  const { x } = await captchaAnswer(page.request, challenge.id);
  const captcha = page.getByTestId('slider-captcha');
  await expect(captcha.getByRole('slider'), 'the login page issued a captcha but shows no slider (data-testid="slider-captcha" › role=slider)').toBeVisible();
  const image = captcha.locator('img').first();
  const shown = (await image.count()) ? (await image.boundingBox())?.width : undefined;
  const response = await dragSlider(page, x * (shown ? shown / challenge.width : 1));
  expect(response.ok(), `captcha drag to x=${x} was refused: ${await response.text()}`).toBe(true);
}

/**
 * Opens the login page, fills the form, solves the captcha when the page shows one, and submits;
 * answers the login call's response for the caller to check.
 */
export async function submitLoginForm(page: Page, { email, password }: { email: string; password: string }): Promise<Response> {
  let challenge: Challenge | undefined;
  const onResponse = async (response: Response) => {
    if (new URL(response.url()).pathname === '/api/captcha' && response.ok()) challenge = ((await response.json()) as { data: Challenge }).data;
  };
  page.on('response', onResponse);
  try {
    await page.goto(`${WEB}/login`);
    const form = page.getByTestId('login-form');
    await form.locator('#email').fill(email);
    await form.locator('#password').fill(password);
    await page.waitForTimeout(HUMAN_MS);
    if (challenge) await dragCaptcha(page, challenge);
    const answered = page.waitForResponse((r) => /\/api\/(admin|web)\/login$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
    await form.locator('button[type="submit"]').click();
    return await answered;
  } finally {
    page.off('response', onResponse);
  }
}

/**
 * Signs in through the login form (the default) and waits for the signed-in layout; `via: 'api'`
 * logs in by API and puts the token in localStorage (key `token`) before the first navigation.
 */
export async function login(page: Page, account: Account, { via = 'ui' as 'ui' | 'api' } = {}): Promise<void> {
  if (via === 'api') {
    const token = await apiLogin(page.request, account);
    await page.addInitScript((value) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', value);
    }, token);
    await page.goto(`${WEB}/home`);
  } else {
    const response = await submitLoginForm(page, credentials(account));
    expect(response.status(), `login form of ${credentials(account).email} was refused: ${await response.text()}`).toBe(200);
    await expect(page).not.toHaveURL(/\/login/);
  }
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/**
 * Accessible-name pattern of an antd button label: antd puts a space between the two characters of
 * a two-character Chinese label ("保存" → "保 存"), and an icon adds its name first ("plus 新建").
 */
export function label(text: string): RegExp {
  const chars = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^\\s*(?:[a-z][a-z-]*\\s+)?${chars.join('\\s*')}\\s*$`);
}

/**
 * What the login page shows of its captcha, read from the images themselves (as a person sees them):
 * the background's and the piece's pixels, where the piece sits, and the scale they are shown at.
 */
async function captchaAsShown(page: Page): Promise<{ background: Pixels; piece: Pixels; pieceY: number; scale: number }> {
  const images = page.getByTestId('slider-captcha').locator('img');
  await expect(images).toHaveCount(2);
  return page.getByTestId('slider-captcha').evaluate(async (root) => {
    const [background, piece] = [...root.querySelectorAll('img')];
    await Promise.all([background!.decode(), piece!.decode()]);
    const read = (image: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      return { width: canvas.width, height: canvas.height, data: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data) };
    };
    const frame = background!.getBoundingClientRect();
    const scale = frame.width / background!.naturalWidth;
    return { background: read(background!), piece: read(piece!), pieceY: Math.round((piece!.getBoundingClientRect().top - frame.top) / scale), scale };
  });
}

/**
 * Drags the login page's captcha to the gap it sees: the gap is found in the picture the page shows
 * (the darkest patch of the piece's shape on its row, `eyeSolver`), not asked of the server. Answers
 * the page's POST /api/captcha/verify response.
 */
export async function dragToSeenGap(page: Page): Promise<Response> {
  const { background, piece, pieceY, scale } = await captchaAsShown(page);
  return dragSlider(page, eyeSolver(background, piece, pieceY) * scale);
}

/**
 * Drags the login captcha's handle `distance` pixels to the right in small steps, as a hand does;
 * answers the page's POST /api/captcha/verify response.
 */
export async function dragSlider(page: Page, distance: number): Promise<Response> {
  const box = (await page.getByTestId('slider-captcha').getByRole('slider').boundingBox())!;
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const verified = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/captcha/verify');
  await page.mouse.move(startX, y);
  await page.mouse.down();
  for (let i = 1; i <= 15; i++) {
    await page.mouse.move(startX + (distance * i) / 15, y);
    await page.waitForTimeout(20);
  }
  await page.mouse.up();
  return verified;
}
