import { useLingui } from '@lingui/react/macro';
import { WaveList } from './wave-list.tsx';

/** The waves of one user (/u/{username}); /u/anonymous is the guests' home. */
export function UserWaves({
  username,
  waveName,
}: {
  username: string;
  waveName?: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <section className="user-waves" aria-label={t`Waves by @${username}`}>
      <WaveList
        source={{ kind: 'user', username }}
        selectedWaveName={waveName}
        emptyText={t`@${username} has not published any waves yet.`}
      />
    </section>
  );
}
