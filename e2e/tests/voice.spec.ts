import { expect, test } from '@playwright/test';
import { Api, DEMO, openAs, unique } from '../support/shell.js';
import { fullPage, textBlock, themeDocument } from '../support/themes.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * The voice assistant (docs/voice.md) on the browser TV of the demo hotel: the guest asks for towels
 * by the voice key's text box, the staff's call-service page shows the call live and completes it,
 * the TV asks for a score; a question of the hotel's FAQ is answered on the TV.
 */
test('a guest’s request reaches the staff live, is completed and scored, and an FAQ question is answered', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const name = unique('Voice').slice(0, 20);
  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(name, [fullPage('home', 'home', [textBlock('hello', { x: 160, y: 600, width: 480, height: 160 }, { 'zh-CN': '欢迎', en: 'Welcome' }, { focusable: true })])]),
  });
  await brand.post(`/admin/theme/${theme.id}/publish`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US' });
  const tv = await context.newPage();
  const staff = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    const { mac } = await newTv(tv, await bundInstallCode(brand), 'V');
    await brand.post('/terminals/authorize', { macs: [mac] });
    await brand.post(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    await expect(tv.getByTestId('tv-launcher')).toBeVisible();

    // The staff page is open before the call comes.
    await openAs(staff, DEMO.bund, '/ai/call_service');
    await expect(staff.getByTestId('call-list')).toBeVisible();

    // The remote's voice key opens the assistant; typing stays in the box (the L key does not change the language).
    await tv.keyboard.press('v');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'voice');
    const input = tv.getByTestId('voice-input');
    await input.fill('two towels please');
    await input.press('Enter');
    await expect(tv.getByTestId('voice-answer')).toHaveAttribute('data-action', 'serviceCall');
    await expect(tv.getByTestId('voice-say')).toContainText('OK, I have passed your request to the staff: towel × 2');
    const call = tv.locator('[data-testid="voice-call"]').first();
    await expect(call).toHaveAttribute('data-status', 'pending');

    // The staff page shows it without a reload, then the staff process and complete it.
    const row = staff.locator('tr', { hasText: 'two towels please' }).first();
    await expect(row).toBeVisible();
    await row.getByTestId('call-process').click();
    await expect(row.getByTestId('call-complete')).toBeVisible();
    await row.getByTestId('call-complete').click();

    // The TV is told (push) and asks for a score.
    await expect(call).toHaveAttribute('data-status', 'completed');
    await expect(call.getByTestId('voice-score-prompt')).toBeVisible();
    await call.getByTestId('voice-score-5').click();
    await expect(call.getByTestId('voice-scored')).toContainText('★★★★★');

    // A question of the hotel's FAQ (the demo's breakfast entry) is answered.
    await input.fill('早餐几点');
    await input.press('Enter');
    await expect(tv.getByTestId('voice-answer')).toHaveAttribute('data-action', 'answer');
    await expect(tv.getByTestId('voice-faq')).toContainText('早餐 6:30-10:00');
  } finally {
    await staff.close();
    await context.close();
  }
});
