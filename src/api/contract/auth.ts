import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

export const isUserAnonymousDataSchema = z.object({
  isAnonymous: z.boolean(),
  user_id: z.number().int(),
});
export const isUserAnonymousReplySchema = envelopeSchema(isUserAnonymousDataSchema);
export type IsUserAnonymousData = z.infer<typeof isUserAnonymousDataSchema>;
