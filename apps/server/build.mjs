// Bundles the server into dist/main.js (ESM, Node 20).
//
// Every npm package stays external and is loaded from node_modules at run time (native modules such
// as @node-rs/argon2, PGlite's wasm files and @fastify/swagger-ui's static assets need their own
// folders). Workspace packages (@htv/*) are bundled in: they export TypeScript source that plain
// Node cannot load.
//
// The bundle finds what it needs relative to itself: the migrations at ../drizzle (apps/server/drizzle),
// the built console at ../../web/dist and the product version in the root package.json.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, 'dist');

/** Bare specifiers are external, except the workspace's own TypeScript packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@htv/')) return undefined; // resolved and bundled as usual
      if (args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: here,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Keeps class and function names in stack traces and logs.
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [externalPackages],
  banner: {
    // CommonJS code bundled into ESM may call require(); give it one bound to the bundle.
    js: "import { createRequire as __htvCreateRequire } from 'node:module'; const require = __htvCreateRequire(import.meta.url);",
  },
});

const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`server bundle: dist/main.js (${(bytes / 1024).toFixed(0)} KiB with source map) in ${Date.now() - started} ms`);
