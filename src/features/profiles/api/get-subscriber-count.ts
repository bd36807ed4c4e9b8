import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { SubscriberCount } from '../../../api/contract/team.ts';

/** GET /team/subscribercount/{team_id}: a user's follower count (content §4, §7). */
export const subscriberCountQuery = (teamId: number) =>
  queryOptions({
    queryKey: ['team', teamId, 'subscribercount'],
    queryFn: async () =>
      (await apiData<SubscriberCount>(`/team/subscribercount/${teamId}`, { noCache: true })).count,
    staleTime: 30_000,
  });

export function useSubscriberCount(teamId: number, initialCount?: number) {
  return useQuery({
    ...subscriberCountQuery(teamId),
    ...(initialCount !== undefined ? { initialData: initialCount, initialDataUpdatedAt: 0 } : {}),
  });
}
