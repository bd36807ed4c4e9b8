import { z } from 'zod';
import { booleanLikeSchema, idParamSchema } from './common.ts';
import { envelopeSchema } from './envelope.ts';

/** Follow is a subscription to a user's home team (docs/product/listening.md "Follow"). */
export const teamParamsSchema = z.object({ team_id: idParamSchema });

/** GET /team/subscribercount/{team_id}: data.count. */
export const subscriberCountSchema = z.object({ count: z.number().int() });
export const subscriberCountReplySchema = envelopeSchema(subscriberCountSchema);
export type SubscriberCount = z.infer<typeof subscriberCountSchema>;

/**
 * GET /team/issubscribed/{team_id}: data.isSubscribed (a boolean; docs/product/api.md "Team
 * calls").
 */
export const isSubscribedSchema = z.object({ isSubscribed: z.boolean() });
export const isSubscribedReplySchema = envelopeSchema(isSubscribedSchema);
export type IsSubscribed = z.infer<typeof isSubscribedSchema>;

/** POST /team/subscribe/{team_id} with body issubscribed: the new state and count. */
export const subscribeBodySchema = z.object({
  issubscribed: booleanLikeSchema,
});
export type SubscribeBody = z.input<typeof subscribeBodySchema>;
export const subscriptionSchema = z.object({
  isSubscribed: z.boolean(),
  count: z.number().int(),
});
export const subscriptionReplySchema = envelopeSchema(subscriptionSchema);
export type Subscription = z.infer<typeof subscriptionSchema>;
