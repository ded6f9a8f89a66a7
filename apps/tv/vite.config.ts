import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../scripts/vite-precompress.mjs';

/**
 * The browser TV: its own small bundle under /tv/, apart from the console's. It draws with the same
 * renderer as the console, on Preact's React-compatible runtime: a TV's CPU evaluates a tenth of
 * react-dom's code before its first picture (docs/tv.md, "Budget").
 */
const PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/**
 * The page asks for the drawing code's chunk at once (`modulepreload`): it is imported dynamically,
 * once the device has started, and would otherwise be requested only after the first script ran.
 * Chunks loaded only when needed (the MQTT client, the boot animation's reader) are not preloaded.
 */
function preloadDrawing(): Plugin {
  let base = '/';
  return {
    name: 'htv-tv-preload-drawing',
    configResolved: (config) => void (base = config.base),
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        Object.values(context.bundle ?? {})
          .filter((chunk) => chunk.type === 'chunk' && chunk.isDynamicEntry && chunk.name === 'mount')
          .map((chunk) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` }, injectTo: 'head' as const })),
    },
  };
}

export default defineConfig({
  base: '/tv/',
  plugins: [react(), preloadDrawing(), precompress()],
  resolve: { alias: PREACT },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
