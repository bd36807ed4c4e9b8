import { createFileRoute } from '@tanstack/react-router';
import { ProfileHeader } from '../features/profiles/components/profile-header.tsx';
import { UserWaves } from '../features/waves/components/user-waves.tsx';

export const Route = createFileRoute('/u/$username/{-$wave_name}')({
  component: UserRoute,
});

function UserRoute() {
  const { username, wave_name } = Route.useParams();
  return (
    <>
      <ProfileHeader key={`profile-${username}`} username={username} />
      <UserWaves key={username} username={username} waveName={wave_name} />
    </>
  );
}
