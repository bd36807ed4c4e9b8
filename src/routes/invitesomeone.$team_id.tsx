import { createFileRoute } from '@tanstack/react-router';
import { InviteSomeonePage } from '../features/profiles/components/invite-someone-page.tsx';

export const Route = createFileRoute('/invitesomeone/$team_id')({
  component: RouteComponent,
});

function RouteComponent() {
  const { team_id } = Route.useParams();
  const teamId = /^\d{1,15}$/.test(team_id) ? Number(team_id) : null;
  return <InviteSomeonePage teamId={teamId} />;
}
