import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '../features/groups/components/invitation-page.tsx';

export const Route = createFileRoute('/chatinvitation/$channel_invitation_code')({
  component: InvitationRoute,
});

function InvitationRoute() {
  const { channel_invitation_code } = Route.useParams();
  return <InvitationPage code={channel_invitation_code} />;
}
