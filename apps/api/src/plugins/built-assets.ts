import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The folder of the web build's hashed files: their names change with their content. */
export const ASSETS_DIR = 'assets';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

interface BuiltAsset {
  type: string;
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The build's hashed files with their brotli and gzip copies (the web build's precompress step writes them
 * beside each), read once: a few MB. A page's first visit asks for some sixty of them at once; read from
 * disk, each cost a stat, an open, a read and a close, and with the access log about 5 ms of the server's
 * CPU, which on a small machine is taken from the page that is starting. A name not in the build is a 404.
 */
export function readBuiltAssets(root: string): Map<string, BuiltAsset> {
  const assets = new Map<string, BuiltAsset>();
  const dir = path.join(root, ASSETS_DIR);
  if (!fs.existsSync(dir)) return assets;
  const names = fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile());
  const files = new Set(names.map((entry) => entry.name));
  for (const { name } of names) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const read = (file: string) => (files.has(file) ? fs.readFileSync(path.join(dir, file)) : undefined);
    const identity = read(name)!;
    assets.set(name, {
      type: CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      // The name carries the content's hash; the size tells apart a file rebuilt under the same name.
      etag: `"${name}-${identity.length}"`,
      identity,
      br: read(`${name}.br`),
      gzip: read(`${name}.gz`),
    });
  }
  return assets;
}

/** The encoding to send: brotli, then gzip, when the browser takes it (a q of 0 refuses it) and the copy exists. */
function pickEncoding(acceptEncoding: string | undefined, asset: Pick<BuiltAsset, 'br' | 'gzip'>): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([coding]) => coding),
  );
  if (asset.br && accepted.has('br')) return 'br';
  if (asset.gzip && (accepted.has('gzip') || accepted.has('x-gzip'))) return 'gzip';
  return null;
}

/**
 * GET (and HEAD) /assets/<name> from memory: immutable for a year, compressed as the browser takes it, 304 for
 * a browser that has it. Logged at warn only: an access line for each of a page's sixty files says nothing.
 */
export function registerBuiltAssets(app: FastifyInstance, assets: Map<string, BuiltAsset>) {
  const send = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const asset = assets.get(request.params['*']);
    if (!asset) return reply.callNotFound();
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', asset.etag)
      .header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding'], asset);
    const body = encoding ? asset[encoding]! : asset.identity;
    if (encoding) reply.header('content-encoding', encoding);
    return reply.type(asset.type).header('content-length', body.length).send(body);
  };
  app.get(`/${ASSETS_DIR}/*`, { logLevel: 'warn' }, send);
}
