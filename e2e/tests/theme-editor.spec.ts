import { expect, test, type Locator, type Page } from '@playwright/test';
import { png } from '../../apps/server/test/support/images.js';
import { ACCOUNTS } from '../support/auth.js';
import { activePage, Api, openAs, unique } from '../support/shell.js';
import { selectBlock } from '../support/themes.js';

/**
 * The visual theme editor (docs/themes.md "The editor"): the canvas is the renderer with an editing
 * layer; what the user does there is checked in the draft the server saved by itself.
 */

type Block = { key: string; type: string; x: number; y: number; width: number; height: number } & Record<string, unknown>;
type Doc = { layouts: { pages: { containers: { blocks: Block[] }[] }[] }[] };

const text = (key: string, x: number, y: number, width: number, height: number, extra: Record<string, unknown> = {}) => ({ type: 'text', key, x, y, width, height, text: { 'zh-CN': `块${key}`, en: `Block ${key}` }, ...extra });

/** A brand template whose home page holds `blocks` in one stage-sized container. */
async function themeWith(api: Api, blocks: Record<string, unknown>[]) {
  const { id } = await api.post<{ id: number }>('/admin/theme', { name: unique('Ed').slice(0, 20), equipmentType: 'room' });
  const theme = await api.get<{ draftRevision: number; document: Doc & Record<string, unknown> }>(`/admin/theme/${id}`);
  theme.document.layouts[0]!.pages[0]!.containers = [{ key: 'stage', name: 'Stage', x: 0, y: 0, width: 1920, height: 1080, blocks } as never];
  await api.put(`/admin/theme/${id}/draft`, { revision: theme.draftRevision, document: theme.document });
  return id;
}

/** The saved draft's blocks of the home page, by key. */
async function savedBlocks(api: Api, id: number): Promise<Record<string, Block>> {
  const { document } = await api.get<{ document: Doc }>(`/admin/theme/${id}`);
  return Object.fromEntries(document.layouts[0]!.pages[0]!.containers.flatMap((c) => c.blocks).map((b) => [b.key, b]));
}

async function openEditor(page: Page, id: number) {
  await openAs(page, ACCOUNTS.brand, `/themes/themes_template/${id}`);
  const editor = activePage(page).getByTestId('theme-editor');
  await expect(editor.getByTestId('edit-layer')).toBeVisible();
  return editor;
}

/** Where a stage point is on the screen. */
async function screenPoint(editor: Locator, x: number, y: number) {
  // The whole stage in view (it fits the window): the page may have scrolled to a selected block's form.
  await editor.getByTestId('edit-layer').evaluate((layer) => layer.scrollIntoView({ block: 'center' }));
  const box = (await editor.getByTestId('edit-layer').boundingBox())!;
  const scale = box.width / 1920;
  return { x: box.x + x * scale, y: box.y + y * scale };
}

/** Presses at one stage point, moves in steps and releases at another. */
async function drag(page: Page, editor: Locator, from: [number, number], to: [number, number]) {
  const start = await screenPoint(editor, ...from);
  const end = await screenPoint(editor, ...to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 8 });
  await page.mouse.up();
}

test('blocks are added, dragged, resized, styled, aligned, nudged, copied, undone and redone; the draft saves itself', async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await Api.as(request, ACCOUNTS.brand);
  const id = await themeWith(api, [text('a', 100, 300, 300, 100), text('b', 600, 400, 300, 150), text('c', 1000, 700, 200, 100)]);
  try {
    const editor = await openEditor(page, id);
    const stage = editor.getByTestId('theme-stage');

    // The canvas shows the content language chosen.
    await expect(stage.locator('[data-block="a"]')).toHaveText('块a');
    await editor.getByTestId('canvas-lang').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'English' }).click();
    await expect(stage.locator('[data-block="a"]')).toHaveText('Block a');

    // A block dragged from the palette lands where it is dropped, at its type's size, selected.
    // (A drop event of the palette's drag data: a real drag scrolls the page under the mouse.)
    const dropAt = await screenPoint(editor, 330, 950);
    const dataTransfer = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.setData('application/x-htv-block', 'text');
      return data;
    });
    await editor.getByTestId('edit-layer').dispatchEvent('drop', { dataTransfer, clientX: dropAt.x, clientY: dropAt.y });
    await expect(editor.getByTestId('canvas-block-text1')).toHaveAttribute('data-selected', 'true');
    await expect.poll(async () => (await savedBlocks(api, id)).text1?.width).toBe(640);
    const added = (await savedBlocks(api, id)).text1!;
    expect([Math.abs(added.x + 320 - 330) <= 5, Math.abs(added.y + 60 - 950) <= 5, added.height]).toEqual([true, true, 120]);

    // Dragging a moves it (onto the 10 px grid or another block's line); the form and the saved draft follow.
    await drag(page, editor, [250, 350], [662, 797]);
    await expect.poll(async () => (await savedBlocks(api, id)).a!.x).not.toBe(100);
    const a = (await savedBlocks(api, id)).a!;
    expect(Math.abs(a.x - 512)).toBeLessThanOrEqual(10);
    expect(Math.abs(a.y - 747)).toBeLessThanOrEqual(10);
    await expect(editor.getByTestId('prop-x')).toHaveValue(String(a.x));
    await expect(editor.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

    // Resizing b by its corner: the right edge sticks to c's left edge (1000), the bottom to the grid.
    await selectBlock(editor, 'b');
    const corner = (await editor.getByTestId('handle-se').boundingBox())!;
    const target = await screenPoint(editor, 1002, 602);
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x, target.y, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => {
      const b = (await savedBlocks(api, id)).b!;
      return [b.x, b.y, b.width, b.height];
    }).toEqual([600, 400, 400, 200]);
    await expect(editor.getByTestId('prop-width')).toHaveValue('400');

    // Styling from the property form shows on the canvas and is saved.
    await editor.getByTestId('prop-background').fill('#ff0000');
    await expect(stage.locator('[data-block="b"]')).toHaveCSS('background-color', 'rgb(255, 0, 0)');
    await expect.poll(async () => (await savedBlocks(api, id)).b!.background).toBe('#ff0000');
    // The panel speaks the operator's language: properties named in words, events as forms, no JSON text box.
    await expect(editor.getByText('背景色', { exact: true })).toBeVisible();
    await expect(editor.getByText('按确定键时', { exact: true })).toBeVisible();
    await expect(editor.getByText('background', { exact: true })).toHaveCount(0);
    await expect(editor.locator('textarea')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('properties-zh.png') });

    // A box dragged on empty canvas selects b and c, shift-click adds a; align left puts all on a's left edge.
    await drag(page, editor, [1850, 1050], [950, 380]);
    await expect(editor.getByTestId('canvas-block-b')).toHaveAttribute('data-selected', 'true');
    await expect(editor.getByTestId('canvas-block-c')).toHaveAttribute('data-selected', 'true');
    await expect(editor.getByTestId('canvas-block-a')).not.toHaveAttribute('data-selected', 'true');
    await editor.getByTestId('canvas-block-a').click({ modifiers: ['Shift'] });
    await expect(editor.getByTestId('canvas-block-a')).toHaveAttribute('data-selected', 'true');
    await editor.getByTestId('align-left').click();
    const lefts = async () => {
      const blocks = await savedBlocks(api, id);
      return [blocks.a!.x, blocks.b!.x, blocks.c!.x];
    };
    await expect.poll(lefts).toEqual([a.x, a.x, a.x]);

    // Undo (Ctrl+Z) takes the alignment back; redo (the toolbar) does it again.
    await editor.getByTestId('editor-canvas').focus();
    await page.keyboard.press('Control+z');
    await expect.poll(lefts).toEqual([a.x, 600, 1000]);
    await editor.getByTestId('editor-redo').click();
    await expect.poll(lefts).toEqual([a.x, a.x, a.x]);
    await page.keyboard.press('Control+Shift+z');
    await page.keyboard.press('Control+z');
    await expect.poll(lefts).toEqual([a.x, 600, 1000]);

    // Arrows nudge 1 px, with shift 10 px.
    await selectBlock(editor, 'c');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(async () => {
      const c = (await savedBlocks(api, id)).c!;
      return [c.x, c.y];
    }).toEqual([1001, 710]);

    // Copy and paste make a block with a new key; Delete removes it.
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await expect(editor.getByTestId('canvas-block-text2')).toHaveAttribute('data-selected', 'true');
    await expect.poll(async () => (await savedBlocks(api, id)).text2?.x).toBe(1021);
    await editor.getByTestId('editor-canvas').focus();
    await page.keyboard.press('Delete');
    await expect(editor.getByTestId('canvas-block-text2')).toHaveCount(0);
    await expect.poll(async () => Object.keys(await savedBlocks(api, id)).sort()).toEqual(['a', 'b', 'c', 'text1']);
  } finally {
    await api.call('DELETE', `/admin/theme/${id}`);
  }
});

test('the layers panel reorders and re-parents blocks by dragging, refuses what the document forbids, and undoes', async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await Api.as(request, ACCOUNTS.brand);
  const id = await themeWith(api, [text('a', 100, 100, 200, 100), text('b', 100, 300, 200, 100), text('c', 100, 500, 200, 100)]);
  try {
    // A second container on the page, with one block.
    const theme = await api.get<{ draftRevision: number; document: Doc & Record<string, unknown> }>(`/admin/theme/${id}`);
    theme.document.layouts[0]!.pages[0]!.containers.push({ key: 'side', name: 'Side', x: 1200, y: 0, width: 720, height: 1080, blocks: [text('d', 1300, 100, 200, 100)] } as never);
    await api.put(`/admin/theme/${id}/draft`, { revision: theme.draftRevision, document: theme.document });
    const layout = async () => {
      const { document } = await api.get<{ document: Doc }>(`/admin/theme/${id}`);
      return document.layouts[0]!.pages[0]!.containers.map((c) => c.blocks.map((b) => b.key).join(''));
    };
    const editor = await openEditor(page, id);
    const tree = editor.getByTestId('theme-tree');
    const node = (title: string) => tree.locator('.ant-tree-node-content-wrapper').filter({ hasText: new RegExp(`^${title}$`) });
    /** Drops on the lower half of an open node (into it, first) or the upper half of a node (after the one above it). */
    const dropOn = async (dragged: string, onto: string, half: 'upper' | 'lower') => {
      const target = node(onto);
      const box = (await target.boundingBox())!;
      await node(dragged).dragTo(target, { targetPosition: { x: 8, y: half === 'upper' ? box.height * 0.2 : box.height * 0.8 } });
    };

    // Reorder: c dropped on a's upper half lands first in its container (after the container's line).
    await dropOn('text · c', 'text · a', 'upper');
    await expect.poll(layout).toEqual(['cab', 'd']);
    await expect(editor.getByTestId('canvas-block-c')).toHaveAttribute('data-selected', 'true');

    // Re-parent: a dropped into the Side container becomes its first block; the canvas still draws it.
    await dropOn('text · a', 'Side', 'lower');
    await expect.poll(layout).toEqual(['cb', 'ad']);
    await expect(editor.getByTestId('theme-stage').locator('[data-container="side"] [data-block="a"]')).toHaveCount(1);

    // The document forbids a block directly in a page (or a container among blocks): nothing moves.
    const pageTitle = (await tree.locator('.ant-tree-treenode').nth(2).locator('.ant-tree-title').innerText()).trim();
    await dropOn('text · b', pageTitle, 'lower');
    await dropOn('Side', 'text · c', 'lower');
    await page.waitForTimeout(2_500);
    expect(await layout()).toEqual(['cb', 'ad']);
    await expect(editor.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

    // Each drop is one step of undo and redo.
    await editor.getByTestId('editor-undo').click();
    await expect.poll(layout).toEqual(['cab', 'd']);
    await editor.getByTestId('editor-undo').click();
    await expect.poll(layout).toEqual(['abc', 'd']);
    await editor.getByTestId('editor-redo').click();
    await expect.poll(layout).toEqual(['cab', 'd']);
  } finally {
    await api.call('DELETE', `/admin/theme/${id}`);
  }
});

test('the focus order shows the remote moves and takes one set by hand', async ({ page, request }) => {
  const api = await Api.as(request, ACCOUNTS.brand);
  const id = await themeWith(api, [text('f1', 100, 100, 300, 200, { focusable: true }), text('f2', 600, 100, 300, 200, { focusable: true }), text('f3', 100, 500, 300, 200, { focusable: true })]);
  try {
    const editor = await openEditor(page, id);
    await editor.getByTestId('focus-view').click();
    const right = editor.locator('[data-testid="focus-arrow"][data-from="f1"][data-direction="right"]');
    await expect(right).toHaveAttribute('data-to', 'f2');
    await expect(right).toHaveAttribute('data-hand-set', 'false');

    // f1's right move set by hand to f3, picked on the canvas.
    await selectBlock(editor, 'f1');
    await editor.getByTestId('nav-pick-right').click();
    await expect(editor.getByTestId('nav-pick-hint')).toBeVisible();
    await editor.getByTestId('canvas-block-f3').click();
    await expect(right).toHaveAttribute('data-to', 'f3');
    await expect(right).toHaveAttribute('data-hand-set', 'true');
    await expect.poll(async () => (await savedBlocks(api, id)).f1!.nav).toEqual({ right: 'f3' });

    // Cleared in the property panel, the nearest block takes over again.
    await editor.getByTestId('nav-right').locator('.ant-select-clear').click({ force: true });
    await expect(right).toHaveAttribute('data-to', 'f2');
    await expect.poll(async () => (await savedBlocks(api, id)).f1!.nav).toBeUndefined();
  } finally {
    await api.call('DELETE', `/admin/theme/${id}`);
  }
});

test('a second editor’s stale save is refused with the name of who saved, and nothing is lost', async ({ page, browser, request }) => {
  const api = await Api.as(request, ACCOUNTS.brand);
  const id = await themeWith(api, [text('a', 100, 100, 300, 100)]);
  const other = await browser.newContext();
  try {
    const first = await openEditor(page, id);
    const secondPage = await other.newPage();
    const second = await openEditor(secondPage, id);

    await selectBlock(first, 'a');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await savedBlocks(api, id)).a!.x).toBe(101);

    await selectBlock(second, 'a');
    await secondPage.keyboard.press('ArrowDown');
    await expect(second.getByTestId('stale-message')).toContainText('朝阳集团管理员');
    await expect(second.getByTestId('save-status')).toHaveAttribute('data-status', 'stale');
    // The first editor's change stays; the second keeps its own on screen, unsaved.
    const saved = (await savedBlocks(api, id)).a!;
    expect([saved.x, saved.y]).toEqual([101, 100]);
    await expect(second.getByTestId('prop-y')).toHaveValue('101');
    await secondPage.keyboard.press('ArrowDown');
    await secondPage.waitForTimeout(2_500);
    expect((await savedBlocks(api, id)).a!.y).toBe(100);

    // Reloading takes the saved draft.
    await second.getByTestId('reload-draft').click();
    await secondPage.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect(second.getByTestId('stale-draft')).toHaveCount(0);
    await selectBlock(second, 'a');
    await expect(second.getByTestId('prop-x')).toHaveValue('101');
    await expect(second.getByTestId('prop-y')).toHaveValue('100');
  } finally {
    await other.close();
    await api.call('DELETE', `/admin/theme/${id}`);
  }
});

test('publishing from the editor marks the block the check finds a problem on; a picture goes to the material library', async ({ page, request }) => {
  const api = await Api.as(request, ACCOUNTS.brand);
  const id = await themeWith(api, [text('t', 100, 100, 300, 100), { type: 'image', key: 'broken', x: 600, y: 100, width: 300, height: 200, materialIds: [99_999_999] }]);
  try {
    const editor = await openEditor(page, id);
    await editor.getByTestId('editor-publish').click();
    await expect(editor.getByTestId('canvas-block-broken')).toHaveAttribute('data-problem', 'true');
    await expect(editor.getByTestId('canvas-block-t')).not.toHaveAttribute('data-problem', 'true');
    await expect(editor.getByTestId('theme-tree').locator('.ant-tree-treenode').filter({ hasText: 'image · broken' }).getByTestId('tree-problem')).toBeVisible();
    // The problem names the block and the property in words, not a document path.
    await expect(editor.getByTestId('editor-problems')).toContainText('区块「broken」: 素材99999999');
    await expect(editor.getByTestId('editor-problems')).not.toContainText('layouts.');
    expect((await api.get<{ status: string }>(`/admin/theme/${id}`)).status).toBe('unpublished');

    // "Add picture": the file into the material library, then an image block showing it.
    const name = unique('pic');
    await editor.getByTestId('picture-input').setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: png(64, 36) });
    await expect(editor.getByTestId('canvas-block-image1')).toHaveAttribute('data-selected', 'true');
    await expect(editor.getByTestId('theme-stage').locator('[data-block="image1"] img')).toBeVisible();
    const materials = await api.get<{ items: { id: number; name: string }[] }>(`/records/material?keyword=${encodeURIComponent(name)}`);
    const material = materials.items.find((m) => m.name === name)!;
    await expect.poll(async () => (await savedBlocks(api, id)).image1?.materialIds).toEqual([material.id]);

    // A picture dropped on the canvas becomes an image block centred where it was dropped.
    const at = await screenPoint(editor, 1500, 800);
    await editor.getByTestId('editor-canvas').evaluate(
      (canvas, { x, y, bytes }) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' }));
        canvas.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, clientX: x, clientY: y, dataTransfer: data }));
      },
      { ...at, bytes: [...png(64, 36)] },
    );
    await expect(editor.getByTestId('canvas-block-image2')).toHaveAttribute('data-selected', 'true');
    await expect.poll(async () => ((await savedBlocks(api, id)).image2?.materialIds as number[] | undefined)?.length).toBe(1);
    const dropped = (await savedBlocks(api, id)).image2!;
    expect([dropped.width, dropped.height]).toEqual([64, 36]);
    expect(Math.abs(dropped.x + 32 - 1500)).toBeLessThanOrEqual(3);
    expect(Math.abs(dropped.y + 18 - 800)).toBeLessThanOrEqual(3);
  } finally {
    await api.call('DELETE', `/admin/theme/${id}`);
  }
});
