import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * The first load is one chunk: everything the entry imports statically (React, the router, the
 * providers and the login page with the antd components it renders), brotli-compressed as a whole
 * (one file compresses ~10% better than the same modules in twenty). Every other page and the antd
 * components only they use are split by use and load with their route.
 */
const chunkGroups = [{ name: 'initial', tags: ['$initial' as const] }];

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, at the highest
 * levels: compressed once here, served as they are by the server (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  return {
    name: 'htv-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const path = join(dir, file);
            const content = await readFile(path);
            const [br, gzipped] = await Promise.all([
              brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
              gz(content, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
          }),
      );
    },
  };
}

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
