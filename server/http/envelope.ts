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
