import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../services/container.ts';

/** A readiness check that has not answered by then counts as failed. */
const CHECK_TIMEOUT_MS = 3_000;

async function within(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Operations (docs/decisions.md "Operations"): `/healthz` says the process is alive (a load
 * balancer keeps it), `/readyz` that it can serve (the database and the media storage
 * answer), `/metrics` the Prometheus metrics, behind METRICS_TOKEN when it is set.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    await sql`select 1`.execute(services.db.kysely);
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const checks: Record<string, () => Promise<unknown>> = {
      database: () => sql`select 1`.execute(services.db.kysely),
      storage: () => services.media.check(),
    };
    const results: Record<string, string> = {};
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await within(check(), CHECK_TIMEOUT_MS);
          results[name] = 'ok';
        } catch (err) {
          request.log.warn({ err, check: name }, 'readiness check failed');
          results[name] = 'failing';
        }
      }),
    );
    const ready = Object.values(results).every((result) => result === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ok' : 'unavailable', checks: results });
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = services.config.metricsToken;
    if (token && request.headers.authorization !== `Bearer ${token}`) {
      return reply.code(401).header('www-authenticate', 'Bearer').send('');
    }
    const { registry } = services.metrics;
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
};
