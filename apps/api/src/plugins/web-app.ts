import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.js';
import { AppError, notFound } from '../errors.js';

/**
 * One process in production: the API serves the built web app (pre-compressed .br/.gz
 * beside each asset) and answers client routes with index.html. Unknown /api paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, env: Env) {
  const root = path.resolve(env.WEB_DIST);
  const indexFile = path.join(root, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Hashed assets never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // The path exists with another method: say which methods it takes (405), not that it is missing.
    const allowed = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
      (method) => method !== request.method && app.hasRoute({ method: method as 'GET', url: pathname }),
    );
    if (pathname.startsWith('/api/') && allowed.length) {
      reply.header('allow', allowed.join(', '));
      throw new AppError(
        405,
        'METHOD_NOT_ALLOWED',
        `${request.method} is not allowed on ${pathname}; use ${allowed.join(' or ')}`,
      );
    }
    if (pathname.startsWith('/api/') || request.method !== 'GET' || !hasBuild || path.extname(pathname)) {
      throw notFound(`No route for ${request.method} ${pathname}`);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
