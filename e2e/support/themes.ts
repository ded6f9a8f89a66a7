import { expect, type Locator } from '@playwright/test';

/** Building blocks of theme documents for browser tests (the shape of docs/themes.md "The document"). */

/** A text block on a coloured ground, in the given languages; `extra` adds focus, moves or events. */
export const textBlock = (key: string, box: { x: number; y: number; width?: number; height?: number }, texts: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  type: 'text',
  key,
  width: 400,
  height: 120,
  ...box,
  text: texts,
  background: '#1d3b6a',
  align: 'center',
  font: { size: 40, bold: true },
  ...extra,
});

/** A page with one full-stage container holding `blocks`. */
export const fullPage = (key: string, type: 'home' | 'detail' | 'custom', blocks: unknown[]) => ({
  key,
  type,
  name: key,
  containers: [{ key: `${key}Frame`, name: 'Frame', x: 0, y: 0, width: 1920, height: 1080, blocks }],
});

/** A landscape room template in Chinese and English with one main layout of these pages. */
export const themeDocument = (name: string, pages: unknown[]) => ({
  theme: { name, color: '#ffaa00', languages: ['zh-CN', 'en'], interfaceTypes: ['main'], orientation: 'landscape', equipmentType: 'room' },
  layouts: [{ key: 'main', name: 'Main', type: 'main', pages }],
});

/**
 * Selects a block on the editor's canvas and waits until the editor shows it selected: choosing is a
 * transition (it redraws the tree and the property form), so under load the handles, the form and the
 * keyboard still act on the block chosen before for a moment after the click.
 */
export async function selectBlock(editor: Locator, key: string) {
  const block = editor.getByTestId(`canvas-block-${key}`);
  await block.click();
  await expect(block).toHaveAttribute('data-selected', 'true');
}
