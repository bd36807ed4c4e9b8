import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardImageParamsSchema, cardImageQuerySchema } from '../../src/api/contract/wave.ts';
import { parseCardOrientation } from '../../src/lib/audiogram-card/card-geometry.ts';
import { callerOfRequests } from '../http/caller.ts';
import type { Services } from '../services/container.ts';

/** The URL names no version: the browser may keep the image but asks again (304 when unchanged). */
const REVALIDATE = 'public, max-age=0, must-revalidate';
const PRIVATE_REVALIDATE = 'private, max-age=0, must-revalidate';

/**
 * The audiogram card as a PNG (docs/product/api.md "Media"): for "Share as image" and as the
 * poster of a wave without a video. Readable exactly when the wave's metadata is: a chat
 * group's card only for members, a draft's only for its editors; otherwise 404.
 */
export const mediaCardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const callerOf = callerOfRequests(services.viewerKeys);
  app.get(
    '/media/card/:file',
    {
      schema: { hide: true, params: cardImageParamsSchema, querystring: cardImageQuerySchema },
      compress: false,
    },
    async (request, reply) => {
      const waveName = request.params.file.slice(0, -'.png'.length);
      const image = await services.cards.image(
        waveName,
        parseCardOrientation(request.query.orient),
        callerOf(request),
        request.ip,
      );
      reply
        .header('content-type', 'image/png')
        .header('etag', image.etag)
        .header('cache-control', image.isPrivate ? PRIVATE_REVALIDATE : REVALIDATE);
      if (image.isPrivate) reply.header('vary', 'Cookie, Authorization');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === image.etag)) {
        return reply.code(304).send();
      }
      reply.header('content-length', String(image.size));
      return reply.send(image.open());
    },
  );
};
