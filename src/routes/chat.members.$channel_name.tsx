import { createFileRoute } from '@tanstack/react-router';
import { GroupFrame } from '../features/groups/components/group-frame.tsx';
import { MembersTab } from '../features/groups/components/members-tab.tsx';

export const Route = createFileRoute('/chat/members/$channel_name')({
  component: MembersRoute,
});

function MembersRoute() {
  const { channel_name } = Route.useParams();
  return (
    <GroupFrame key={channel_name} channelName={channel_name} tab="members">
      {(group) => <MembersTab group={group} />}
    </GroupFrame>
  );
}
