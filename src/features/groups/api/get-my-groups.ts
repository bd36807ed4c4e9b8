import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { ChatGroup } from '../../../api/contract/chat.ts';
import * as groupKeys from './group-keys.ts';

/** Newest activity first; a group without waves sorts last (docs/product/channels-and-groups.md "Chat groups"). */
export function byNewestActivity(a: ChatGroup, b: ChatGroup): number {
  return (b.latest_wave_created ?? '').localeCompare(a.latest_wave_created ?? '');
}

/** GET /channel/chat/getchatswhereuserismember: the caller's groups, newest activity first. */
export const myGroupsQuery = queryOptions({
  queryKey: groupKeys.mine(),
  queryFn: async () =>
    (await apiData<ChatGroup[]>('/channel/chat/getchatswhereuserismember', { noCache: true })).sort(
      byNewestActivity,
    ),
});

export function useMyGroups(enabled: boolean) {
  return useQuery({ ...myGroupsQuery, enabled });
}
