import { createFileRoute } from '@tanstack/react-router';
import { ProfileHeader } from '../features/profiles/components/profile-header.tsx';
import {
  UserLookupError,
  useUserByUsername,
} from '../features/profiles/api/get-user-by-username.ts';
import { WaveShare } from '../features/wave-share/components/wave-share.tsx';
import { UserWaves } from '../features/waves/components/user-waves.tsx';

export const Route = createFileRoute('/u/$username/{-$wave_name}')({
  component: UserRoute,
});

function UserRoute() {
  const { username, wave_name } = Route.useParams();
  // The header already says nobody has this name; a wave list error under it would only repeat it.
  const user = useUserByUsername(username);
  const missing = user.error instanceof UserLookupError && user.error.kind === 'not-found';
  return (
    <>
      <ProfileHeader key={`profile-${username}`} username={username} />
      {!missing && wave_name && <WaveShare key={wave_name} waveName={wave_name} />}
      {!missing && <UserWaves key={username} username={username} waveName={wave_name} />}
    </>
  );
}
