import type { FastifyRequest } from 'fastify';
import type { Services } from '../services/container.ts';
import type { Caller } from '../services/wave-access.ts';

/** The routes' `callerOf(request)`: the viewer of a request and the key their views count under. */
export function callerOfRequests(waveAccess: Pick<Services['waveAccess'], 'viewerKey'>) {
  return (request: FastifyRequest): Caller => ({
    viewer: request.viewer,
    viewerKey: waveAccess.viewerKey(
      request.viewer,
      request.ip,
      request.headers['user-agent'] ?? '',
    ),
  });
}
