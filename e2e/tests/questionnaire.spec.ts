import { expect, test } from '@playwright/test';
import { Api, DEMO, openAs, unique } from '../support/shell.js';
import { fullPage, textBlock, themeDocument } from '../support/themes.js';
import { png } from '../../apps/server/test/support/images.js';
import { bundInstallCode } from '../support/tv.js';

/**
 * Questionnaires and image-text messages on the browser TV (docs/questionnaires.md,
 * docs/publishing.md): a questionnaire released to a room pops up on its TV, the guest answers with the
 * remote and the console's results chart moves; an image-text message to the room opens from the
 * launcher's block with its pictures and QR code, and its read receipt arrives.
 */
test('a questionnaire released to a room is answered on its TV and the console’s chart moves; an image message opens', async ({ browser, request, page: consolePage }) => {
  test.setTimeout(240_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const hotel = await Api.as(request, DEMO.bund);
  const room = unique('Q').replace(/[^A-Za-z0-9]/g, '').slice(0, 10);
  await hotel.post('/records/room', { number: room });

  const picture = async () => {
    const upload = await request.post('/api/files?rule=imageMessagePicture', { headers: { authorization: `Bearer ${hotel.token}` }, multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: png(64, 64) } } });
    expect(upload.status(), await upload.text()).toBe(200);
    return ((await upload.json()).data as { id: string }).id;
  };

  const name = `Q ${room}`;
  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(name, [
      fullPage('home', 'home', [
        textBlock('messages', { x: 160, y: 400 }, { 'zh-CN': '图文消息', en: 'Messages' }, { focusable: true, clickEvent: { action: 'openArea', area: 'imagemessages' } }),
        textBlock('other', { x: 900, y: 400 }, { 'zh-CN': '其他', en: 'Other' }, { focusable: true }),
      ]),
    ]),
  });
  await brand.post(`/admin/theme/${theme.id}/publish`);

  // The questionnaire: pending release with two options, released to the room.
  const question = `您对早餐满意吗？${room}`;
  const q = await hotel.post<{ id: number }>('/records/questionnaires', { question, questionTw: `您對早餐滿意嗎？${room}`, questionEn: `Did you enjoy breakfast? ${room}`, publishMethod: 'rooms', rooms: room });
  const yes = await hotel.post<{ id: number }>('/records/questionnaire-options', { questionnaireId: q.id, text: '满意', textTw: '滿意', textEn: 'Yes', sort: 20 });
  const no = await hotel.post<{ id: number }>('/records/questionnaire-options', { questionnaireId: q.id, text: '不满意', textTw: '不滿意', textEn: 'No', sort: 10 });

  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await context.newPage();
  try {
    await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(await bundInstallCode(brand))}&room=${room}`);
    await expect(tv.getByTestId('tv-unauthorized')).toBeVisible();
    const { mac } = await tv.evaluate(() => JSON.parse(localStorage.getItem('htv.tv')!) as { mac: string });
    await brand.post('/terminals/authorize', { macs: [mac] });
    await brand.post(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    await expect(tv.getByTestId('theme-stage').locator('[data-block="messages"]')).toHaveAttribute('data-focused', 'true');
    await expect(tv.getByTestId('questionnaire-popup')).toHaveCount(0);

    // The console releases it after its confirmation and opens the results: nothing yet.
    await openAs(consolePage, DEMO.bund, '/content/question');
    const row = consolePage.getByRole('row').filter({ hasText: question });
    const edit = { name: /^\s*(编\s*辑|Edit)\s*$/ };
    await expect(row.getByRole('button', edit)).toBeVisible();
    await row.getByRole('button', { name: /^\s*(发\s*布|Release)\s*$/ }).click();
    await consolePage.locator('.ant-popconfirm').filter({ hasText: /确认发布吗？|Do you confirm the release\?/ }).getByRole('button', { name: /^\s*(确\s*定|OK)\s*$/ }).click();
    await expect(row).toContainText(/调查中|In the survey/);
    // Released: the row no longer offers Edit, in the row or behind its More.
    await expect(row.getByRole('button', edit)).toHaveCount(0);
    if (await row.getByTestId('row-actions-more').isVisible()) {
      await row.getByTestId('row-actions-more').click();
      await expect(consolePage.getByTestId('row-actions-menu')).toBeVisible();
      await expect(consolePage.getByTestId('row-actions-menu').getByRole('button', edit)).toHaveCount(0);
      await consolePage.keyboard.press('Escape');
      await expect(consolePage.getByTestId('row-actions-menu')).toBeHidden();
    }
    // In the row, or behind its More (a menu of its own).
    if (await row.getByTestId('questionnaire-results-open').isVisible()) await row.getByTestId('questionnaire-results-open').click();
    else {
      await row.getByTestId('row-actions-more').click();
      await consolePage.getByTestId('row-actions-menu').getByTestId('questionnaire-results-open').click();
    }
    const chart = consolePage.getByTestId('questionnaire-chart');
    await expect(chart).toHaveAttribute('data-counts', '0,0');

    // Pushed to the room's TV: it pops up; the guest chooses the second option with the remote.
    const popup = tv.getByTestId('questionnaire-popup');
    await expect(popup.getByTestId('questionnaire-question')).toHaveText(question);
    await tv.keyboard.press('ArrowDown');
    await expect(popup.locator(`[data-option="${no.id}"]`)).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('Enter');
    await expect(popup.getByTestId('questionnaire-thanks')).toBeVisible();
    await expect(popup.locator(`[data-option="${no.id}"]`)).toHaveAttribute('data-chosen', 'true');

    // The console's chart moves (refreshed while open) and says so in the table.
    await expect(chart).toHaveAttribute('data-counts', '0,1');
    await expect(consolePage.getByTestId('questionnaire-total')).toHaveAttribute('data-total', '1');
    expect(yes.id).not.toBe(no.id);

    // OK closes the thank-you; the stay cannot answer twice.
    await tv.keyboard.press('Enter');
    await expect(popup).toHaveCount(0);

    // An image-text message to the room opens from the launcher's block with its pictures and QR code.
    const message = await hotel.post<{ id: number }>('/records/image-messages', { title: `水疗八折 ${room}`, subtitle: 'Spa', content: '凭房卡预约。', qrCodeId: await picture(), imageIds: [await picture()], publishMethod: 'rooms', rooms: room });
    await hotel.post(`/records/image-messages/${message.id}/actions/publish`);
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'imagemessages');
    const opened = tv.getByTestId('image-message');
    await expect(opened.getByTestId('image-message-title')).toHaveText(`水疗八折 ${room}`);
    await expect(opened.getByTestId('image-message-image')).toHaveJSProperty('complete', true);
    await expect.poll(async () => (await opened.getByTestId('image-message-qr').evaluate((img: HTMLImageElement) => img.naturalWidth))).toBeGreaterThan(0);
    await expect
      .poll(async () => (await hotel.get<{ readRooms: number }>(`/publishing/image-messages/${message.id}/receipts`)).readRooms)
      .toBe(1);
  } finally {
    await context.close();
  }
});
