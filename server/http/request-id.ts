import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's `genReqId`: the id a proxy in front of us gave the request (nginx's
 * `$request_id`), so its access log and ours name the same id; otherwise a new UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && VALID_ID.test(given) ? given : randomUUID();
}

/**
 * Every reply carries `X-Request-Id`, and every failure envelope its `requestId`, so a user's
 * report of an error leads to the log lines of that request (docs/product/api.md "The envelope").
 * Those lines are written through `request.log`, which names the id; services and providers
 * are handed it (server/kernel/log.ts) rather than finding it in an AsyncLocalStorage, whose
 * promise hooks cost every request ~10 µs on Node 20 (docs/decisions.md "Operations").
 */
export const requestIds = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (
      payload !== null &&
      typeof payload === 'object' &&
      (payload as { success?: unknown }).success === false
    ) {
      done(null, { ...payload, requestId: request.id });
      return;
    }
    done(null, payload);
  });
});
