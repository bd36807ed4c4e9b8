import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * helmet's security headers, computed once. @fastify/helmet rebuilds helmet — parsing the
 * whole Content-Security-Policy — on every request; the headers depend only on the options,
 * so they are taken from one request to a private instance at start and then set as they are
 * (DESIGN.md list-endpoint budget). Same options, same headers.
 */
export async function computeSecurityHeaders(
  options: FastifyHelmetOptions,
): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const reply = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const ignored = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.headers)) {
    if (!ignored.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

export const securityHeaders = fp(async (app: FastifyInstance, options: FastifyHelmetOptions) => {
  const headers = await computeSecurityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
