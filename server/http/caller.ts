import type { FastifyRequest } from 'fastify';
import type { Services } from '../services/container.ts';
import type { Caller } from '../services/wave-access.ts';

/** The guest browser's device id (server/services/viewer-keys.ts), a signed cookie. */
export const DEVICE_COOKIE = 'waves_device';

/** The routes' `callerOf(request)`: the viewer of a request and the key their views count under. */
export function callerOfRequests(viewerKeys: Pick<Services['viewerKeys'], 'keyOf'>) {
  return (request: FastifyRequest): Caller => ({
    viewer: request.viewer,
    viewerKey: viewerKeys.keyOf(request.viewer, request.ip, request.cookies[DEVICE_COOKIE]),
    log: request.log,
  });
}
