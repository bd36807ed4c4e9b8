import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { serverMessages } from '../../src/api/contract/envelope.ts';
import { Refusal, type RefusalKind } from '../kernel/refusal.ts';
import { failure } from './envelope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's clients read `formGeneralErrorMessages` (the treasure hunt's buy form): every
     * refusal also lists its field messages there, or its message when no field is named.
     */
    generalErrors?: boolean;
  }
}

/** The failure envelope, with the general messages when the route asks for them. */
function refusalEnvelope(request: FastifyRequest, message: string, fields: Record<string, string>) {
  const fieldTexts = Object.values(fields);
  const general = request.routeOptions.config.generalErrors
    ? fieldTexts.length > 0
      ? [...new Set(fieldTexts)]
      : [message]
    : undefined;
  return failure(message, fields, general);
}

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

/**
 * Fastify's router refuses some requests before any route or error handler sees them (a path
 * that is not valid percent-encoding, a path parameter over its length limit); they leave in the
 * envelope too, with the status Fastify chose.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400;
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? serverMessages.badAddress
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? serverMessages.addressTooLong
        : serverMessages.badRequest;
  void reply.code(status < 500 ? status : 400).send(failure(message));
}

/** Every failure leaves as an envelope; no stack or internals reach the client. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refusal) {
      return reply
        .code(refusalStatus(error.kind))
        .headers(refusalHeaders(error))
        .send(refusalEnvelope(request, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(400)
        .send(
          refusalEnvelope(
            request,
            serverMessages.validationFailed,
            fieldErrorsOf(error.validation),
          ),
        );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response failed its schema');
      return reply.code(500).send(failure(serverMessages.internalError));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send(refusalEnvelope(request, serverMessages.tooManyRequests, {}));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type): say what it was.
      return reply.code(status).send(refusalEnvelope(request, error.message, {}));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure(serverMessages.internalError));
  });
}
