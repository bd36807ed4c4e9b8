/**
 * Where a service or provider writes about the request it is serving: the route passes
 * Fastify's `request.log`, whose lines name the request id (`reqId`); without one, the app's
 * logger (docs/decisions.md "Operations").
 */
export interface Log {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}
