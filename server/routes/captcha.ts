import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  altchaChallengeSchema,
  captchaChallengeQuerySchema,
  captchaConfigReplySchema,
} from '../../src/api/contract/captcha.ts';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/container.ts';

export const captchaRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { captcha } = services;

  app.get(
    '/captcha/config',
    { schema: { tags: ['captcha'], response: { 200: captchaConfigReplySchema } } },
    async () => ok(captcha.publicConfig()),
  );

  // The ALTCHA widget fetches its challenge here (its own wire format, not the envelope).
  app.get(
    '/captcha/challenge',
    {
      schema: {
        tags: ['captcha'],
        querystring: captchaChallengeQuerySchema,
        response: { 200: altchaChallengeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return services.captchaChallenges.issue(request.ip, request.query.purpose);
    },
  );
};
