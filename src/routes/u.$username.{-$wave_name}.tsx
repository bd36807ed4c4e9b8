import { createFileRoute } from '@tanstack/react-router';
import { UserWaves } from '../features/waves/components/user-waves.tsx';

export const Route = createFileRoute('/u/$username/{-$wave_name}')({
  component: UserRoute,
});

function UserRoute() {
  const { username, wave_name } = Route.useParams();
  return (
    <>
      {/* The profile header (profiles feature) goes here, above the user's waves. */}
      <UserWaves key={username} username={username} waveName={wave_name} />
    </>
  );
}
