import { createFileRoute } from '@tanstack/react-router';
import { GroupFrame } from '../features/groups/components/group-frame.tsx';
import { GroupWaves } from '../features/waves/components/group-waves.tsx';

export const Route = createFileRoute('/chat/$channel_name/{-$wave_name}')({
  component: GroupRoute,
});

function GroupRoute() {
  const { channel_name, wave_name } = Route.useParams();
  return (
    <GroupFrame key={channel_name} channelName={channel_name} tab="messages">
      {(group) => (
        <GroupWaves
          channelId={group.channel_id}
          channelName={group.channel_name}
          waveName={wave_name}
        />
      )}
    </GroupFrame>
  );
}
