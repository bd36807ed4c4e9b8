import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from './client.ts';
import { followMessages } from './contract/constants.ts';
import type { IsSubscribed } from './contract/team.ts';
import { notify } from '../components/ui/notices.tsx';
import { translateServerMessage } from '../lib/server-messages.ts';

/**
 * GET /team/issubscribed/{team_id}. A reply that is not a boolean is "Error:
 * unexpected result determining if subscribed." and counts as not subscribed (docs/product/listening.md "Follow").
 */
export const isSubscribedQuery = (teamId: number) =>
  queryOptions({
    queryKey: ['team', teamId, 'issubscribed'],
    queryFn: async () => {
      const data = await apiData<IsSubscribed>(`/team/issubscribed/${teamId}`, { noCache: true });
      if (typeof data.isSubscribed !== 'boolean') {
        notify(translateServerMessage(followMessages.unexpectedSubscribed));
        return false;
      }
      return data.isSubscribed;
    },
    staleTime: 30_000,
  });

export function useIsSubscribed(teamId: number, options: { enabled: boolean; initial?: boolean }) {
  return useQuery({
    ...isSubscribedQuery(teamId),
    enabled: options.enabled,
    ...(options.initial !== undefined
      ? { initialData: options.initial, initialDataUpdatedAt: 0 }
      : {}),
  });
}
