import type { FastifyReply } from 'fastify';
import { ok } from './envelope.ts';

/**
 * Replies of the hot list routes. Outside production a list goes through the route's zod
 * serializer like every reply, so tests check it against the contract. In production the
 * reply is trusted — the services build it from typed rows — and the whole envelope of an
 * items array is encoded once and kept with it: a cached page (see wave-list-service.ts) is
 * sent as the same buffer to every caller without likes or views on it.
 */
export function listReplies(options: { validate: boolean }) {
  const encoded = new WeakMap<readonly unknown[], Buffer>();
  return {
    send<T>(reply: FastifyReply, items: T[]) {
      if (options.validate) return ok(items);
      let body = encoded.get(items);
      if (body === undefined) {
        body = Buffer.from(
          `{"success":true,"message":"ok","data":${JSON.stringify(items)},"formFieldErrorMessages":{}}`,
        );
        encoded.set(items, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  };
}
