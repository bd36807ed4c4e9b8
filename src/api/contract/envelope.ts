import { z } from 'zod';

/** Field name → the spec's message text for that field. */
export const formFieldErrorMessagesSchema = z.record(z.string(), z.string());

/**
 * Every /api/v1 reply: `{ success, message, data, formFieldErrorMessages, formGeneralErrorMessages? }`
 * (spec/accounts-and-shell.md §3 "General response shape").
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    data: data.nullable(),
    formFieldErrorMessages: formFieldErrorMessagesSchema,
    formGeneralErrorMessages: z.array(z.string()).optional(),
  });
}

export const emptyEnvelopeSchema = envelopeSchema(z.null());

export type Envelope<T> = {
  success: boolean;
  message: string;
  data: T | null;
  formFieldErrorMessages: Record<string, string>;
  formGeneralErrorMessages?: string[];
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
} as const;
