import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * A Vite plugin that writes a brotli (.br) and a gzip (.gz) copy next to every text file of the
 * build, at the highest levels: compressed once here, served as they are by the server
 * (@fastify/static `preCompressed`). Used by the console and the browser TV.
 * @returns {import('vite').Plugin}
 */
export function precompress() {
  return {
    name: 'htv-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
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
