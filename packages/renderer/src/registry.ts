import type { ContentLang, ThemeAction, ThemeBlock } from '@htv/shared/areas/themes/document';
import type { ComponentType } from 'react';
import type { AssetResolver, TextVariables } from './model';

/** What a block's drawing knows besides the block: the language, the materials, the clock, the host. */
export interface BlockContext {
  lang: ContentLang;
  /** The theme's languages in order: where a missing translation is looked for. */
  fallbacks: readonly ContentLang[];
  assets: AssetResolver;
  /** Runs an action (a click or focus event, or a block's own, such as an app launcher's). */
  run: (action: ThemeAction) => void;
  /** The weather of a city, when the host has it (the TV's configuration). */
  weather?: (city: string | undefined) => { temperature: string; text: string } | undefined;
  /** Whether media play (false in editors: the first frame stands still). */
  live: boolean;
  /** What texts' `{guest}` and `{room}` become (a TV, a preview); an editor shows them as written. */
  variables?: TextVariables;
}

export interface BlockRendererProps<B extends ThemeBlock = ThemeBlock> {
  block: B;
  context: BlockContext;
  focused: boolean;
}

const renderers = new Map<string, ComponentType<BlockRendererProps<any>>>();

/**
 * Registers how a block type is drawn. The core registers its types in `blocks/`; the areas still to
 * come (notices, shop, VOD...) register theirs from their own modules, without touching the core.
 */
export function defineBlockRenderer<B extends ThemeBlock>(type: string, component: ComponentType<BlockRendererProps<B>>): void {
  renderers.set(type, component as ComponentType<BlockRendererProps<any>>);
}

export const blockRenderer = (type: string): ComponentType<BlockRendererProps<any>> | undefined => renderers.get(type);
