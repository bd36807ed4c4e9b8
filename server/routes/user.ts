import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserReplySchema } from '../../src/api/contract/user.ts';
import { notFound, ok } from '../http/envelope.ts';
import type { Services } from '../services/container.ts';

export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/user/me',
    { schema: { tags: ['user'], response: { 200: currentUserReplySchema } } },
    async (request, reply) => {
      const me = await services.users.current(request.viewer.userId);
      if (!me) throw notFound();
      reply.header('cache-control', 'no-store');
      return ok(me);
    },
  );
};
