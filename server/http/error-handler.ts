import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { serverMessages } from '../../src/api/contract/envelope.ts';
import { Refusal, type RefusalKind } from '../kernel/refusal.ts';
import { failure } from './envelope.ts';

const STATUS_OF_REFUSAL: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-media': 415,
  unprocessable: 422,
  'rate-limited': 429,
  'upstream-failed': 502,
  unavailable: 503,
};

/** The HTTP status a refusal of this kind answers with. */
export function refusalStatus(kind: RefusalKind): number {
  return STATUS_OF_REFUSAL[kind];
}

/** The headers a refusal adds to its reply (Retry-After for a rate limit). */
export function refusalHeaders(refusal: Refusal): Record<string, string> {
  return refusal.retryAfterSeconds === undefined
    ? {}
    : { 'retry-after': String(refusal.retryAfterSeconds) };
}

function fieldErrorsOf(
  validation: {
    instancePath?: string;
    params?: { issue?: { path?: PropertyKey[] } };
    message?: string;
  }[],
) {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    const path = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const key = path.length > 0 ? String(path[0]) : 'form';
    fields[key] ??= issue.message ?? 'invalid value';
  }
  return fields;
}

/** Every failure leaves as an envelope; no stack or internals reach the client. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refusal) {
      return reply
        .code(refusalStatus(error.kind))
        .headers(refusalHeaders(error))
        .send(failure(error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(400)
        .send(failure(serverMessages.validationFailed, fieldErrorsOf(error.validation)));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response failed its schema');
      return reply.code(500).send(failure(serverMessages.internalError));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send(failure(serverMessages.tooManyRequests));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type): say what it was.
      return reply.code(status).send(failure(error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure(serverMessages.internalError));
  });
}
