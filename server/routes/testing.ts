import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../src/api/contract/envelope.ts';
import { ok } from '../http/envelope.ts';
import type { AdvancingClock } from '../kernel/clock.ts';

/**
 * Registered only with TEST_CLOCK=true, which a production configuration refuses
 * (server/config.ts): end-to-end tests move the server's clock forward, e.g. to watch an
 * auction's price fall without waiting for it.
 */
export const testingRoutes: FastifyPluginAsyncZod<{ clock: AdvancingClock }> = async (
  app,
  { clock },
) => {
  app.post(
    '/testing/clock',
    {
      schema: {
        hide: true,
        body: z.object({
          advance_ms: z
            .number()
            .int()
            .min(0)
            .max(366 * 24 * 60 * 60 * 1000),
        }),
        response: { 200: envelopeSchema(z.object({ now: z.number() })) },
      },
    },
    async (request) => {
      clock.advance(request.body.advance_ms);
      return ok({ now: clock.now() });
    },
  );
};
