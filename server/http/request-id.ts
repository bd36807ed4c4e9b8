import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Ids made from one random prefix, before a new one is drawn. */
const IDS_PER_PREFIX = 0x1000000;
let prefix = '';
let counter = IDS_PER_PREFIX;

/**
 * A new request id in the UUID format (version 4 and variant bits): the first 30 characters
 * drawn at random per 16,777,216 ids, the last 6 hex digits a count within them. An id names
 * a request in the logs and in an error reply; it is no secret (a proxy, or any client, may
 * send its own in `X-Request-Id`), so it needs to be unique, not unguessable. `randomUUID`
 * for each request joined ~20 strings (0.6 KB of garbage and 1.3 % of the newest list's busy
 * time natively: docs/budgets.md "List endpoints").
 */
export function newRequestId(): string {
  if (counter >= IDS_PER_PREFIX) {
    // 8-4-4-4- of a random UUID, and 6 more random hex digits before the count's 6.
    const random = randomUUID();
    prefix = random.slice(0, 24) + random.slice(30, 36);
    counter = 0;
  }
  const count = (counter++).toString(16);
  return prefix + '000000'.slice(count.length) + count;
}

/**
 * Fastify's `genReqId`: the id a proxy in front of us gave the request (nginx's
 * `$request_id`), so its access log and ours name the same id; otherwise a new one in the
 * UUID format (`newRequestId`).
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && VALID_ID.test(given) ? given : newRequestId();
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
