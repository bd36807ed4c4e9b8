import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../kernel/refusal.ts';
import type { Services } from '../services/container.ts';
import {
  PRODUCT_IMAGE_KEY,
  productImageKey,
} from '../services/treasure-hunt/treasure-hunt-service.ts';
import { sponsorLogoKey } from '../services/wave-presenter.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const KEY = /^[a-f0-9]{16}$/;

/**
 * Stored images whose URL names their content (a fresh random key per upload), so they are
 * cached for a year: product images (docs/product/marketplace.md "Listing a product") and
 * sponsor logos (docs/product/listening.md "Sponsored waves").
 */
export const mediaImageRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  async function send(request: FastifyRequest, reply: FastifyReply, key: string) {
    const info = await services.media.stat(key);
    if (!info) throw notFound();
    const etag = `"${key.replaceAll('/', '-')}"`;
    reply
      .header('content-type', 'image/webp')
      .header('cache-control', IMMUTABLE)
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.header('content-length', String(info.size));
    return reply.send(services.media.createReadStream(key));
  }

  app.get(
    '/media/products/:image_key/:file',
    {
      schema: {
        hide: true,
        params: z.object({
          image_key: z.string().regex(PRODUCT_IMAGE_KEY),
          file: z.string().regex(/^[1-3]-(?:full|thumb)\.webp$/),
        }),
      },
    },
    async (request, reply) => {
      const [index, size] = request.params.file.slice(0, -'.webp'.length).split('-');
      const key = productImageKey(
        request.params.image_key,
        Number(index),
        size === 'full' ? 'full' : 'thumb',
      );
      return send(request, reply, key);
    },
  );

  app.get(
    '/media/sponsors/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[a-f0-9]{16}\.webp$/) }),
      },
    },
    async (request, reply) => {
      const key = request.params.file.slice(0, -'.webp'.length);
      if (!KEY.test(key)) throw notFound();
      return send(request, reply, sponsorLogoKey(key));
    },
  );
};
