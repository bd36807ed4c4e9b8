import { z } from 'zod';

/** Field name → the message text for that field. */
export const formFieldErrorMessagesSchema = z.record(z.string(), z.string());

/**
 * Every /api/v1 reply: `{ success, message, data, formFieldErrorMessages, formGeneralErrorMessages? }`
 * (docs/product/api.md "The envelope").
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    data: data.nullable(),
    formFieldErrorMessages: formFieldErrorMessagesSchema,
    formGeneralErrorMessages: z.array(z.string()).optional(),
    /** On failures: the id of the request in the server's logs (and its X-Request-Id). */
    requestId: z.string().optional(),
  });
}

export const emptyEnvelopeSchema = envelopeSchema(z.null());

export type Envelope<T> = {
  success: boolean;
  message: string;
  data: T | null;
  formFieldErrorMessages: Record<string, string>;
  formGeneralErrorMessages?: string[];
  /** On failures: the id of the request in the server's logs (and its X-Request-Id). */
  requestId?: string;
};

/** Messages the server sends that the client translates at the edge (en source texts). */
export const serverMessages = {
  ok: 'ok',
  notFound: 'not found',
  validationFailed: 'please check the highlighted fields',
  internalError: 'internal server error',
  tooManyRequests: 'too many requests, please try again later',
  mustBeSignedIn: 'must be signed in',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  badRequest: 'bad request',
  badAddress: 'the address of this request is not valid',
  addressTooLong: 'a part of the address of this request is too long',
  formUnreadable: 'the form data could not be read, please try again',
  tooManyFiles: 'the form has more files than this call takes',
  tooManyFields: 'the form has more fields than this call takes',
} as const;
