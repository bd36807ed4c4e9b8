import { createFileRoute } from '@tanstack/react-router';
import { GroupFrame } from '../features/groups/components/group-frame.tsx';
import { ManageTab } from '../features/groups/components/manage-tab.tsx';

export const Route = createFileRoute('/chat/manage/$channel_name')({
  component: ManageRoute,
});

function ManageRoute() {
  const { channel_name } = Route.useParams();
  return (
    <GroupFrame key={channel_name} channelName={channel_name} tab="manage">
      {(group) => <ManageTab group={group} />}
    </GroupFrame>
  );
}
