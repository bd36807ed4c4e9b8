import type { Envelope } from '../../src/api/contract/envelope.ts';

export function ok<T>(data: T, message = 'ok'): Envelope<T> {
  return { success: true, message, data, formFieldErrorMessages: {} };
}

export function failure(
  message: string,
  formFieldErrorMessages: Record<string, string> = {},
  formGeneralErrorMessages?: string[],
): Envelope<never> {
  return {
    success: false,
    message,
    data: null,
    formFieldErrorMessages,
    ...(formGeneralErrorMessages ? { formGeneralErrorMessages } : {}),
  };
}

/**
 * A refusal a service raises; the error handler turns it into the envelope with this status.
 * Services speak in the spec's message texts, never in HTTP objects.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new ApiError(400, message, fields);
export const notFound = (message = 'not found') => new ApiError(404, message);
export const forbidden = (message = 'forbidden') => new ApiError(403, message);
export const mustBeSignedIn = () => new ApiError(401, 'must be signed in');
