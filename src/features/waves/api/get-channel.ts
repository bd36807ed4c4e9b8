import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isNotFound, TransportError } from '../../../api/client.ts';
import type { Channel } from '../../../api/contract/channel.ts';

/** The channel errors (docs/product/channels-and-groups.md "Channel page"), as message keys. */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly kind: 'request' | 'not-found' | 'no-data',
  ) {
    super(message);
  }
}

async function fetchChannel(channelName: string): Promise<Channel> {
  let reply;
  try {
    reply = await apiRequest<Channel>(`/channel/name/${encodeURIComponent(channelName)}`, {
      noCache: true,
    });
  } catch (error) {
    const detail =
      error instanceof TransportError || error instanceof Error ? error.message : String(error);
    throw new ChannelError(`Request error getting channel data...${detail}`, 'request');
  }
  if (isNotFound(reply)) throw new ChannelError('Request error channel not found', 'not-found');
  if (!reply.success || !reply.data)
    throw new ChannelError('Unknown error getting channel', 'no-data');
  return reply.data;
}

export const channelQuery = (channelName: string) =>
  queryOptions({
    queryKey: ['channel', 'name', channelName.toLowerCase()],
    queryFn: () => fetchChannel(channelName),
    retry: (count, error) =>
      !(error instanceof ChannelError && error.kind === 'not-found') && count < 1,
  });

export function useChannel(channelName: string) {
  return useQuery(channelQuery(channelName));
}
