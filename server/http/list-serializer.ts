import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../src/api/contract/envelope.ts';
import { ok } from './envelope.ts';

interface Encoded {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The last Accept-Encoding read, and its answer: a browser sends the same one every time. */
let lastAccepted: { header: string; encoding: 'br' | 'gzip' | null } | null = null;

/** The encoding a client accepts for a cached body: br, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  if (lastAccepted?.header === acceptEncoding) return lastAccepted.encoding;
  const encoding = readAcceptEncoding(acceptEncoding);
  lastAccepted = { header: acceptEncoding, encoding };
  return encoding;
}

function readAcceptEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/**
 * Replies of the hot list routes. Outside production a list goes through the route's zod
 * serializer like every reply, so tests check it against the contract. In production the
 * reply is trusted — the services build it from typed rows — and the whole envelope of an
 * items array is encoded (and compressed, per encoding asked for) once and kept with it: a
 * cached page (see wave-list-service.ts) is the same buffer for every caller without likes or
 * views on it. A page with the caller's likes or views is joined from its items' JSON, each
 * written once (the service reuses an item object per row and flags).
 */
export function listReplies(options: { validate: boolean }) {
  const encodings = new WeakMap<readonly unknown[], Encoded>();
  /** An item's JSON, kept as long as the item (the list service reuses item objects). */
  const itemJson = new WeakMap<object, string>();
  const jsonOf = (item: unknown) => {
    if (item === null || typeof item !== 'object') return JSON.stringify(item);
    let json = itemJson.get(item);
    if (json === undefined) {
      json = JSON.stringify(item);
      itemJson.set(item, json);
    }
    return json;
  };
  return {
    /**
     * Sends a list's reply and returns undefined; outside production, returns the envelope for
     * the route's serializer. A handler returns what this returns.
     */
    answer<T>(request: FastifyRequest, reply: FastifyReply, items: T[]): Envelope<T[]> | undefined {
      if (options.validate) return ok(items);
      let encoded = encodings.get(items);
      if (encoded === undefined) {
        encoded = {
          identity: Buffer.from(
            `{"success":true,"message":"ok","data":[${items.map(jsonOf).join(',')}],"formFieldErrorMessages":{}}`,
          ),
        };
        encodings.set(items, encoded);
      }
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding === null || encoded.identity.length < 1024) {
        void reply.send(encoded.identity);
        return undefined;
      }
      if (encoding === 'br') {
        encoded.br ??= brotliCompressSync(encoded.identity, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
        });
      } else {
        encoded.gzip ??= gzipSync(encoded.identity, { level: 6 });
      }
      void reply.header('content-encoding', encoding).send(encoded[encoding]);
      return undefined;
    },
  };
}
