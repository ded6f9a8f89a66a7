import { expect, test } from '@playwright/test';
import { rowAction } from '../support/rows.js';
import { Api, DEMO, openAs } from '../support/shell.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * Hotel surveys (docs/hotelsurvey.md): a browser TV listed in a survey measures itself when the
 * platform starts the survey, and the survey's results show its figures and verdict.
 */
test('a started survey makes the listed browser TV measure itself; the results show its verdict', async ({ browser, request, page }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const platform = await Api.as(request, DEMO.admin);
  const bund = (await brand.get<{ items: { id: number }[] }>('/records/hotel?publicId=1000001')).items[0]!;
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await context.newPage();
  let surveyId: number | undefined;
  try {
    const { mac } = await newTv(tv, await bundInstallCode(brand), 'V');
    await brand.post('/terminals/authorize', { macs: [mac] });
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-phase', 'ready');
    surveyId = (await platform.post<{ id: number }>('/records/hotel-surveys', { hotel: bund.id, surveyDate: '2026-12-01', tvCount: 1, macs: mac, rooms: '801', ips: '127.0.0.1' })).id;
    await platform.post(`/records/hotel-surveys/${surveyId}/actions/start`);
    // The TV measures (a note in a corner) and reports.
    await expect(tv.getByTestId('survey-check')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });

    await openAs(page, DEMO.admin, '/hotel_survey/manage');
    const row = page.getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: mac });
    await (await rowAction(row, (scope) => scope.getByTestId('hotel-survey-results-open'))).click();
    const results = page.getByTestId('hotel-survey-results');
    const line = results.locator('tbody tr').filter({ hasText: mac });
    await expect(line).toContainText('Browser TV');
    await expect(line.locator('.ant-tag')).toHaveText(/良好|较差/);
  } finally {
    await context.close();
    if (surveyId) {
      await platform.call('POST', `/records/hotel-surveys/${surveyId}/actions/close`);
      await platform.call('DELETE', `/records/hotel-surveys/${surveyId}`);
    }
  }
});
