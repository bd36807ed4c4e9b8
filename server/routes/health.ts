import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../services/container.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    await sql`select 1`.execute(services.db.kysely);
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
};
