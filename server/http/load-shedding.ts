import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serverMessages } from '../../src/api/contract/envelope.ts';
import type { Metrics } from '../kernel/metrics.ts';
import { failure } from './envelope.ts';

/** How long a refused client waits before it asks again (the client honours it once). */
export const SHED_RETRY_AFTER_SECONDS = 2;

/** How often the event loop's delay is sampled; a saturated process is seen within this. */
const SAMPLE_INTERVAL_MS = 500;

/**
 * Only the API is refused. The app's own files and the media are sent from disk and cached by
 * the browser and the worker, and a refused script or mp3 breaks the page or the player with
 * nothing to ask again; the health, readiness and metrics routes a load balancer and a monitor
 * ask sit outside it too.
 */
const SHED_PREFIX = '/api/';

export interface LoadSheddingOptions {
  /** Mean event-loop delay (ms) over a sample above which requests are refused; 0: never. */
  maxEventLoopDelayMs: number;
  metrics: Metrics;
}

/**
 * Load shedding (docs/decisions.md "Load shedding"): when this process's event loop falls
 * behind, a request is answered at once with 429 and Retry-After instead of waiting in a queue
 * that only grows, so a client hears "try again in 2 s" rather than timing out after 10.
 */
export const loadShedding = fp<LoadSheddingOptions>(
  async (app: FastifyInstance, { maxEventLoopDelayMs, metrics }) => {
    if (maxEventLoopDelayMs <= 0) return;
    // The first samples measure the start (migrations, the demo, caches filled): no request
    // waited through that, so the process listens before it judges itself.
    let judgingFrom = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => {
      judgingFrom = performance.now() + 2 * SAMPLE_INTERVAL_MS;
    });
    await app.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      sampleInterval: SAMPLE_INTERVAL_MS,
      pressureHandler: (request: FastifyRequest, reply: FastifyReply) => {
        if (!request.url.startsWith(SHED_PREFIX) || performance.now() < judgingFrom) {
          return undefined;
        }
        metrics.shedRequest();
        // Sent here; Fastify runs nothing more for a request whose reply has left.
        void reply
          .code(429)
          .header('retry-after', String(SHED_RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store')
          .send(failure(serverMessages.tooManyRequests, {}));
        return undefined;
      },
    });
  },
  { name: 'load-shedding' },
);
