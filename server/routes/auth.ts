import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isUserAnonymousReplySchema } from '../../src/api/contract/auth.ts';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/container.ts';

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app) => {
  app.get(
    '/auth/isuseranonymous',
    { schema: { tags: ['auth'], response: { 200: isUserAnonymousReplySchema } } },
    async (request) =>
      ok({ isAnonymous: request.viewer.isAnonymous, user_id: request.viewer.userId }),
  );
};
