import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../src/api/contract/common.ts';
import { notFound } from '../kernel/refusal.ts';
import type { Services } from '../services/container.ts';
import type { ImageSource } from '../services/profile-image-service.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unversioned or stale URLs: the browser may keep the image but must ask again. */
const REVALIDATE = 'public, max-age=0, must-revalidate';

const versionQuery = z.object({ v: z.string().max(64).optional() }).loose();

/**
 * The image host (docs/product/accounts.md "Profile images"): avatars and covers located by user
 * id, answered with the user's image or the fallbacks of docs/product/accounts.md "Profile images"
 * (src/lib/media-urls.ts builds these URLs).
 */
export const profileImageRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  async function send(request: FastifyRequest, reply: FastifyReply, source: ImageSource | null) {
    if (!source) throw notFound();
    const immutable = source.kind === 'stored' && source.immutable;
    reply
      .header('content-type', 'image/webp')
      .header('cache-control', immutable ? IMMUTABLE : REVALIDATE)
      .header('etag', source.etag);
    if (request.headers['if-none-match'] === source.etag) return reply.code(304).send();
    if (source.kind === 'preset') return reply.send(createReadStream(source.file));
    const info = await services.media.stat(source.key);
    if (!info) throw notFound();
    reply.header('content-length', String(info.size));
    return reply.send(services.media.createReadStream(source.key));
  }

  app.get(
    '/media/avatars/:user_id/:file',
    {
      schema: {
        hide: true,
        params: z.object({
          user_id: idParamSchema,
          file: z.enum(['48.webp', '128.webp', '512.webp']),
        }),
        querystring: versionQuery,
      },
    },
    async (request, reply) => {
      const size = Number(request.params.file.split('.')[0]) as 48 | 128 | 512;
      return send(
        request,
        reply,
        await services.profileImages.avatar(request.params.user_id, size, request.query.v),
      );
    },
  );

  app.get(
    '/media/covers/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^\d{1,15}\.webp$/) }),
        querystring: versionQuery,
      },
    },
    async (request, reply) => {
      const userId = Number(request.params.file.slice(0, -'.webp'.length));
      return send(request, reply, await services.profileImages.cover(userId, request.query.v));
    },
  );
};
