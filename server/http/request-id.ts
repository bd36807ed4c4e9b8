import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request being served, for log lines written outside Fastify's request logger. */
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/**
 * Fastify's `genReqId`: the id a proxy in front of us gave the request (nginx's
 * `$request_id`), so its access log and ours name the same id; otherwise a new UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && VALID_ID.test(given) ? given : randomUUID();
}

/** The id of the request being served here, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/**
 * pino's `mixin`: a line logged while a request is served names it (`reqId`), also when it is
 * written through the app's logger by a service, a provider or the tus adapter.
 */
export function requestIdMixin(
  _object: object,
  _level: number,
  logger?: { bindings(): Record<string, unknown> },
): object {
  const store = requestContext.getStore();
  if (!store || logger?.bindings()['reqId'] !== undefined) return {};
  return { reqId: store.requestId };
}

/**
 * Every reply carries `X-Request-Id`, and every failure envelope its `requestId`, so a user's
 * report of an error leads to the log lines of that request (docs/product/api.md "The envelope").
 */
export const requestIds = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    requestContext.run({ requestId: request.id }, done);
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
