import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from './client.ts';
import type { Subscription } from './contract/team.ts';
import { notify } from '../components/ui/notices.tsx';
import { requestFailureText } from '../lib/server-messages.ts';
import { isSubscribedQuery } from './get-is-subscribed.ts';
import { subscriberCountQuery } from './get-subscriber-count.ts';
import * as profileKeys from './profile-keys.ts';

/**
 * POST /team/subscribe/{team_id}: follow toggles at once (optimistic), then the follower
 * count is refreshed (docs/product/listening.md "Follow"). A failure puts the button back and says why.
 */
export function useSetSubscription(teamId: number) {
  const queryClient = useQueryClient();
  const subscribed = isSubscribedQuery(teamId);
  const count = subscriberCountQuery(teamId);
  return useMutation({
    mutationFn: (issubscribed: boolean) =>
      apiData<Subscription>(`/team/subscribe/${teamId}`, { body: { issubscribed } }),
    onMutate: async (issubscribed) => {
      await queryClient.cancelQueries({ queryKey: subscribed.queryKey });
      const previous = queryClient.getQueryData(subscribed.queryKey);
      queryClient.setQueryData(subscribed.queryKey, issubscribed);
      return { previous };
    },
    onError: (error, _issubscribed, context) => {
      queryClient.setQueryData(subscribed.queryKey, context?.previous);
      notify(requestFailureText(error));
    },
    onSuccess: (result) => {
      queryClient.setQueryData(subscribed.queryKey, result.isSubscribed);
      queryClient.setQueryData(count.queryKey, result.count);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: count.queryKey });
      void queryClient.invalidateQueries({ queryKey: profileKeys.profiles() });
    },
  });
}
