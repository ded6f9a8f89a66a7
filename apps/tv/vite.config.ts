import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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

export default defineConfig({
  base: '/tv/',
  plugins: [react(), precompress()],
  resolve: { alias: PREACT },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
