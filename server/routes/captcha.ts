import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { altchaChallengeSchema, captchaConfigReplySchema } from '../../src/api/contract/captcha.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../kernel/refusal.ts';
import { isAltcha } from '../providers/captcha.ts';
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
    { schema: { tags: ['captcha'], response: { 200: altchaChallengeSchema } } },
    async (_request, reply) => {
      if (!isAltcha(captcha)) throw notFound();
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );
};
