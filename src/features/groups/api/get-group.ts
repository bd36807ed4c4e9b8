import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isNotFound, ApiFailure } from '../../../api/client.ts';
import type { Channel } from '../../../api/contract/channel.ts';
import * as groupKeys from './group-keys.ts';

/** A group the caller cannot see: answered like a group that does not exist. */
export class GroupNotFound extends Error {}

/**
 * GET /channel/name/{channel_name}: a member gets the group; anyone else the same 404 as for a
 * name nobody uses (docs/product/channels-and-groups.md "Chat groups"). A public channel is not
 * a group: it is not found here either.
 */
export const groupQuery = (channelName: string) =>
  queryOptions({
    queryKey: groupKeys.byName(channelName),
    queryFn: async (): Promise<Channel> => {
      const reply = await apiRequest<Channel>(`/channel/name/${encodeURIComponent(channelName)}`, {
        noCache: true,
      });
      if (isNotFound(reply)) throw new GroupNotFound('channel not found');
      if (!reply.success || !reply.data) throw new ApiFailure(reply);
      if (!reply.data.is_chatgroup) throw new GroupNotFound('channel not found');
      return reply.data;
    },
    retry: (count, error) => !(error instanceof GroupNotFound) && count < 1,
  });

export function useGroup(channelName: string, enabled = true) {
  return useQuery({ ...groupQuery(channelName), enabled });
}
