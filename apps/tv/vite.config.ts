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
 * The page asks for the drawing code's chunks at once (`modulepreload`): they are imported dynamically,
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
      handler: (_html, context) => {
        const chunks = Object.values(context.bundle ?? {}).filter((chunk) => chunk.type === 'chunk');
        const mount = chunks.find((chunk) => chunk.isDynamicEntry && chunk.name === 'mount');
        // With the chunks it imports that the page does not load anyway (the UI runtime the lazy
        // areas share with it), so none of them waits for the drawing code to arrive first.
        const files = mount ? [mount.fileName, ...mount.imports.filter((file) => !chunks.some((chunk) => chunk.isEntry && chunk.fileName === file))] : [];
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * The first script runs as soon as it arrives (`async`), not after the page is parsed and the kept
 * picture of the launcher (index.html's inline script) is laid out and painted: the device's requests
 * and the drawing code's evaluation start while the picture is drawn (docs/tv.md, "Switch-on").
 */
function startAtOnce(): Plugin {
  return {
    name: 'htv-tv-start-at-once',
    transformIndexHtml: { order: 'post', handler: (html) => html.replace('<script type="module" crossorigin', '<script type="module" async crossorigin') },
  };
}

export default defineConfig({
  base: '/tv/',
  plugins: [react(), preloadDrawing(), startAtOnce(), precompress()],
  resolve: { alias: PREACT },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
