import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.mjs';

/**
 * The first load is one chunk: everything the entry imports statically (React, the router, the
 * providers and the login page with the antd components it renders), brotli-compressed as a whole
 * (one file compresses ~10% better than the same modules in twenty). Every other page and the antd
 * components only they use are split by use and load with their route.
 */
const chunkGroups = [{ name: 'initial', tags: ['$initial' as const] }];

export default defineConfig({
  base: '/new-frontend/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The charts' own lazy chunk (G2) is the largest; it loads with the dashboard only.
    chunkSizeWarningLimit: 1800,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
});
