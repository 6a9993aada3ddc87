import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Writes .gz and .br beside each text asset so the API serves them pre-compressed. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kwenda-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true }))
        .map((file) => path.join(outDir, file))
        .filter((file) => /\.(js|css|html|svg|json|txt|md)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.readFile(file);
          if (content.length < 1024) return;
          await fs.writeFile(`${file}.gz`, await gzip(content, { level: 9 }));
          await fs.writeFile(`${file}.br`, await brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // What the first page needs goes out as one file (with one CSS file), not as the four shared
    // chunks rolldown splits it into: about 3.5 KB less gzipped JS, fewer requests, and CSS in
    // import order as in `vite dev` (the split put our field styles before Mantine's, so Mantine
    // won equal-specificity ties in production only). docs/decisions/0005-home-page-js-budget.md
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
});
