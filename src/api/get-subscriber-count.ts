import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from './client.ts';
import type { SubscriberCount } from './contract/team.ts';

/** GET /team/subscribercount/{team_id}: a user's follower count (docs/product/listening.md "Follow"). */
export const subscriberCountQuery = (teamId: number) =>
  queryOptions({
    queryKey: ['team', teamId, 'subscribercount'],
    queryFn: async () =>
      (await apiData<SubscriberCount>(`/team/subscribercount/${teamId}`, { noCache: true })).count,
    staleTime: 30_000,
  });

export function useSubscriberCount(teamId: number | null, initialCount?: number) {
  return useQuery({
    ...subscriberCountQuery(teamId ?? 0),
    // Users without a home team (the anonymous guest) have no followers to count.
    enabled: teamId !== null,
    ...(initialCount !== undefined ? { initialData: initialCount, initialDataUpdatedAt: 0 } : {}),
  });
}
