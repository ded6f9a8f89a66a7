import { expect, test } from '@playwright/test';
import { login, submitLoginForm, WEB } from '../support/auth.js';

test('/ redirects to the console and the login page renders', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`${WEB}/`));
  // Without a session the console sends the visitor to its login page.
  await expect(page).toHaveURL(/\/new-frontend\/login/);
  const form = page.getByTestId('login-form');
  await expect(form).toBeVisible();
  await expect(form.locator('#email')).toBeVisible();
  await expect(form.locator('#password')).toBeVisible();
  await expect(form.getByTestId('slider-captcha').getByRole('slider')).toBeVisible();
  await expect(page.getByTestId('lang-switch')).toBeVisible();
});

test('the console serves its history-mode routes and hashed assets', async ({ request }) => {
  const deep = await request.get(`${WEB}/faq/list`);
  expect(deep.status()).toBe(200);
  expect(deep.headers()['content-type']).toContain('text/html');
  const html = await deep.text();
  const asset = /src="(\/new-frontend\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset, 'index.html references a hashed script').toBeTruthy();
  const script = await request.get(asset!);
  expect(script.status()).toBe(200);
  expect(script.headers()['cache-control']).toContain('immutable');
});

test('/api/health is ok', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ code: '0', data: { status: 'ok', database: { reachable: true } } });
  expect(body.data.database.engine).toBe(process.env.E2E_DATABASE_URL ? 'postgres' : 'pglite');
});

test('/api/docs serves the OpenAPI UI and /api/docs/json lists the record routes', async ({ page, request }) => {
  const json = await request.get('/api/docs/json');
  expect(json.status()).toBe(200);
  const spec = (await json.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(spec.openapi).toMatch(/^3\./);
  expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/records/faq', '/api/records/faq-category', '/api/admin/login', '/api/health']));

  await page.goto('/api/docs');
  // Swagger UI renders the spec's title and an operation of the record engine.
  await expect(page.locator('.swagger-ui').first()).toBeVisible();
  await expect(page.getByText('Hotel TV console API').first()).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
  // Swagger UI renders only the operations near the viewport and breaks paths with zero-width spaces:
  // scroll through the page collecting the paths shown.
  const seen = new Set<string>();
  for (let i = 0; i < 200 && !seen.has('/api/records/faq'); i++) {
    for (const text of await page.locator('.opblock-summary-path').allTextContents()) seen.add(text.replace(/\u200b/g, '').trim());
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  expect([...seen]).toContain('/api/records/faq');
});

test('the login form signs a hotel administrator in', async ({ page }) => {
  await login(page, 'hotel');
  await expect(page).toHaveURL(/\/new-frontend\/home/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
});

test('a wrong password is refused on the login form', async ({ page }) => {
  const response = await submitLoginForm(page, { email: 'sunrise.bund', password: 'wrongpass1' });
  const body = await response.json();
  expect(response.status()).toBe(422);
  expect(body.errkey, `refused for the password, not for something else: ${JSON.stringify(body)}`).toMatch(/credentials/i);
  // The refusal is said at the form, never as a sign-in.
  await expect(page.getByTestId('login-failure')).toHaveText('用户名或密码错误');
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
