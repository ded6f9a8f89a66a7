import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.mjs';

/** The browser TV: its own small bundle under /tv/, apart from the console's. */
export default defineConfig({
  base: '/tv/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
