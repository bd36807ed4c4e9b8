import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * helmet's security headers, computed once. @fastify/helmet rebuilds helmet — parsing the
 * whole Content-Security-Policy — on every request; the headers depend only on the options,
 * so they are taken from one request to a private instance at start and then set as they are
 * (docs/budgets.md "List endpoints"). Same options, same headers.
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

/**
 * The JSON API's replies are never rendered as documents: they get a policy that allows
 * nothing and cannot be framed (OWASP REST Security), and leave out the headers that only
 * documents use (COOP, Origin-Agent-Cluster, DNS prefetch, …) — a fifth of the bytes that the
 * document set adds to each list reply.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-site',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * The document headers for pages other sites may frame: any ancestor in the policy, no
 * X-Frame-Options. Only for pages without actions (nothing to trick a visitor into clicking).
 */
export function embeddableHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const { 'x-frame-options': _denied, ...headers } = documentHeaders;
  const policy = headers['content-security-policy'];
  if (policy) {
    headers['content-security-policy'] = policy.replace(
      /frame-ancestors [^;]*/,
      'frame-ancestors *',
    );
  }
  return headers;
}

export const securityHeaders = fp(
  async (
    app: FastifyInstance,
    options: FastifyHelmetOptions & {
      /** Path prefixes of documents any site may embed (the audiogram card). */
      embeddablePaths?: readonly string[];
    },
  ) => {
    const { embeddablePaths = [], ...helmetOptions } = options;
    const documentHeaders = await computeSecurityHeaders(helmetOptions);
    const framedHeaders = embeddableHeaders(documentHeaders);
    const apiHeaders = { ...API_SECURITY_HEADERS };
    if (documentHeaders['strict-transport-security']) {
      apiHeaders['strict-transport-security'] = documentHeaders['strict-transport-security'];
    }
    // As [name, value] pairs: `reply.headers(object)` lists the object's keys on every call.
    const apiEntries = Object.entries(apiHeaders);
    const framedEntries = Object.entries(framedHeaders);
    const documentEntries = Object.entries(documentHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      const { url } = request;
      const entries = url.startsWith('/api/v1/')
        ? apiEntries
        : embeddablePaths.some((prefix) => url.startsWith(prefix))
          ? framedEntries
          : documentEntries;
      for (let i = 0; i < entries.length; i += 1) reply.header(entries[i]![0], entries[i]![1]);
      done();
    });
  },
);
