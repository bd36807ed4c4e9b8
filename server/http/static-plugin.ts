import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { serverMessages } from '../../src/api/contract/envelope.ts';
import { failure } from './envelope.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Files whose names are stable, so a browser must revalidate them to see a new version. */
const stableNames = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

function cacheControlFor(filePath: string) {
  const name = path.basename(filePath);
  if (stableNames.has(name)) return REVALIDATE;
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE;
  return 'public, max-age=86400';
}

/**
 * Serves the built PWA: hashed assets immutable, the shell and the worker revalidated, and
 * index.html for any other page path (client-side routing, including the 404 page).
 */
export const staticPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const hasBuild = existsSync(path.join(options.root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(filePath));
        if (path.basename(filePath) === 'sw.js') reply.header('service-worker-allowed', '/');
      },
    });
  }

  const sendShell = (reply: FastifyReply) => {
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The client is not built yet: run `npm run build` (or `npm start`).');
    }
    return reply.header('cache-control', REVALIDATE).sendFile('index.html', options.root);
  };

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isMedia = pathname.startsWith('/media/');
    if (isApi || isMedia || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(failure(serverMessages.notFound));
    }
    // Files with an extension that do not exist are real 404s, not pages.
    if (
      /\.[a-z0-9]{2,5}$/i.test(pathname) &&
      !pathname.startsWith('/u/') &&
      !pathname.startsWith('/c/')
    ) {
      return reply.code(404).type('text/plain').send('404 Not Found');
    }
    return sendShell(reply);
  });
});
