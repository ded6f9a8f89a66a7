/**
 * The stage blocks are placed on: landscape 1920x1080, portrait 1080x1920. Apart from the document's
 * schemas so that what draws a theme (the renderer, the browser TV) does not carry the schema library.
 */
export const STAGE = { landscape: { width: 1920, height: 1080 }, portrait: { width: 1080, height: 1920 } } as const;
export type Orientation = keyof typeof STAGE;
