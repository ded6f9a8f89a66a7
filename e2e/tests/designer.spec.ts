import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.js';
import { activePage, Api, openAs, unique } from '../support/shell.js';

type Block = { key: string; type: string; text?: Record<string, string>; background?: string };
type Theme = { document: { theme: { color: string }; layouts: { pages: { containers: { blocks: Block[] }[] }[] }[] } };

/**
 * The editor for designers (docs/themes.md "The editor"): on a 1440 px screen a brand's designer
 * builds a home page from the palette, types its words on the canvas in both content languages,
 * colours it from the picker's template colours, saves, and sees it in the preview: no JSON typed,
 * no property's internal name read.
 */
test('a designer builds a page with the palette, the colour picker and text typed on the canvas, then previews it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = await Api.as(request, ACCOUNTS.brand);
  const { id } = await api.post<{ id: number }>('/admin/theme', { name: unique('Designer').slice(0, 20), equipmentType: 'room' });
  const saved = () => api.get<Theme>(`/admin/theme/${id}`);
  try {
    await openAs(page, ACCOUNTS.brand, `/themes/themes_template/${id}`);
    const editor = activePage(page).getByTestId('theme-editor');
    const stage = editor.getByTestId('theme-stage');

    // The canvas is the stage's shape: no bands above and below it.
    const canvas = (await editor.getByTestId('editor-canvas').boundingBox())!;
    const drawn = (await editor.getByTestId('edit-layer').boundingBox())!;
    expect(Math.abs(canvas.height - drawn.height)).toBeLessThanOrEqual(2);
    expect(Math.abs(canvas.width - drawn.width)).toBeLessThanOrEqual(2);

    // The palette names each block in the interface language; a click puts one in the middle of the stage, chosen.
    await expect(editor.getByTestId('palette-text')).toContainText('文字');
    await editor.getByTestId('palette-text').click();
    await expect(editor.getByTestId('canvas-block-text1')).toHaveAttribute('data-selected', 'true');
    const text = stage.locator('[data-block="text1"]');
    await expect(text).toHaveText('双击编辑文字');

    // Double-click types the words of the language shown; Enter keeps them.
    await editor.getByTestId('canvas-block-text1').dblclick();
    await editor.getByTestId('canvas-text-editor').fill('欢迎光临');
    await page.keyboard.press('Enter');
    await expect(text).toHaveText('欢迎光临');
    // In English: Escape drops what was typed, leaving the box keeps it; undo and redo know the edit.
    await editor.getByTestId('canvas-lang').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'English' }).click();
    await editor.getByTestId('canvas-block-text1').dblclick();
    await editor.getByTestId('canvas-text-editor').fill('Oops');
    await page.keyboard.press('Escape');
    await expect(text).toHaveText('Double-click to edit');
    await editor.getByTestId('canvas-block-text1').dblclick();
    await editor.getByTestId('canvas-text-editor').fill('Welcome');
    await editor.getByTestId('editor-canvas').click({ position: { x: 5, y: 5 } });
    await expect(text).toHaveText('Welcome');
    await editor.getByTestId('editor-undo').click();
    await expect(text).toHaveText('Double-click to edit');
    await editor.getByTestId('editor-redo').click();
    await expect(text).toHaveText('Welcome');

    // A second block from the palette is not stacked exactly on the first.
    await editor.getByTestId('palette-clock').click();
    await expect(editor.getByTestId('canvas-block-clock1')).toHaveAttribute('data-selected', 'true');

    // The colour picker offers the template's own colour.
    await editor.getByTestId('canvas-block-text1').click({ position: { x: 10, y: 10 } });
    await expect(editor.getByTestId('canvas-block-text1')).toHaveAttribute('data-selected', 'true');
    await expect(editor.getByText('背景色', { exact: true })).toBeVisible();
    await editor.getByTestId('prop-background-picker').click();
    await page.locator('.ant-color-picker:visible .ant-color-picker-presets-color').first().click();
    const { color } = (await saved()).document.theme;
    await expect(editor.getByTestId('prop-background')).toHaveValue(color);
    await page.keyboard.press('Escape');

    // Nothing typed as JSON, no internal name shown.
    await expect(editor.locator('textarea')).toHaveCount(0);
    await expect(editor.getByText('background', { exact: true })).toHaveCount(0);

    await editor.getByTestId('theme-save').click();
    await expect(editor.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    const blocks = (await saved()).document.layouts[0]!.pages[0]!.containers.flatMap((c) => c.blocks);
    expect(blocks.map((b) => b.type)).toEqual(['text', 'clock']);
    expect(blocks[0]).toMatchObject({ text: { 'zh-CN': '欢迎光临', en: 'Welcome' }, background: color });

    // The preview draws the draft with the TVs' renderer and its on-screen remote.
    await editor.getByTestId('editor-preview').click();
    const preview = page.getByTestId('theme-preview');
    await expect(preview.locator('[data-block="text1"]')).toHaveText('欢迎光临');
    await expect(preview.getByTestId('remote')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('preview.png') });
    await preview.getByTestId('preview-close').click();
    await expect(preview).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('editor-1440.png') });
  } finally {
    await api.call('DELETE', `/admin/theme/${id}`);
  }
});
