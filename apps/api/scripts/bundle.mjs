// npm run build (-w @kwenda/api): the API as JavaScript the production server runs with plain `node`
// (docs/decisions/0030-the-api-runs-as-a-bundle.md). Our code (src/ and @kwenda/contracts) goes into
// dist/server.js; every package from node_modules stays an import, so PGlite's WASM, argon2's native
// addon and the packages' own data files load from where they are installed. What the server loads
// only when needed (the e-ticket PDF renderer, the card and Duffel clients) stays in its own file
// beside it, loaded at its first use. Source maps go beside each file: run with --enable-source-maps
// and a stack names src/ files and lines.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(apiRoot, 'dist');

/** Bare imports are node_modules packages, left to Node; the workspace's own packages are bundled. */
const packagesStayImports = {
  name: 'kwenda-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@kwenda/') || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

const result = await esbuild.build({
  absWorkingDir: apiRoot,
  entryPoints: { server: 'src/server.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  tsconfig: 'tsconfig.json',
  // The lazily imported modules become files of their own (in dist/ too: src/api-root.ts resolves from there).
  splitting: true,
  chunkNames: '[name]-[hash]',
  sourcemap: 'linked',
  // Stacks need the map's names and lines only; the sources are in the repository.
  sourcesContent: false,
  plugins: [packagesStayImports],
  metafile: true,
  logLevel: 'warning',
});
// The files of the build before stay until the next one: a process started from it (the rolling restart
// after an upgrade takes a while) can still load its lazily imported files, whose names carry their hash.
const listFile = path.join(outdir, 'build-files.json');
const current = Object.keys(result.metafile.outputs).map((file) => path.basename(file));
const previous = fs.existsSync(listFile) ? JSON.parse(fs.readFileSync(listFile, 'utf8')) : fs.readdirSync(outdir);
for (const file of fs.readdirSync(outdir))
  if (!current.includes(file) && !previous.includes(file) && file !== 'build-files.json') fs.rmSync(path.join(outdir, file));
fs.writeFileSync(listFile, JSON.stringify(current));

const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, output]) => `${path.basename(file)} ${(output.bytes / 1024).toFixed(0)} KB`);
console.log(`API bundle in ${path.relative(process.cwd(), outdir) || '.'}: ${bytes.join(', ')}`);
