export { ThemeStage, type ThemeStageProps } from './Stage';
export { defineBlockRenderer, type BlockContext, type BlockRendererProps } from './registry';
export * from './model';
