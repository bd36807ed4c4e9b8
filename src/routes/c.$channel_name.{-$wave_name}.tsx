import { createFileRoute } from '@tanstack/react-router';
import { ChannelPage } from '../features/waves/components/channel-page.tsx';
import { channelQuery } from '../features/waves/api/get-channel.ts';

export const Route = createFileRoute('/c/$channel_name/{-$wave_name}')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(channelQuery(params.channel_name));
  },
  component: ChannelRoute,
});

function ChannelRoute() {
  const { channel_name, wave_name } = Route.useParams();
  return <ChannelPage key={channel_name} channelName={channel_name} waveName={wave_name} />;
}
