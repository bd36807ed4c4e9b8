import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ApiFailure } from '../../../api/client.ts';
import { useThread } from '../api/get-thread.ts';
import { WaveListView } from './wave-list.tsx';

/** /thread/{wave_name}: a wave and its replies, played as one list. */
export function ThreadPage({ waveName }: { waveName: string }) {
  const { t } = useLingui();
  const thread = useThread(waveName);
  const waves = useMemo(
    () => (thread.data ? [thread.data.wave, ...thread.data.replies] : []),
    [thread.data],
  );
  const root = thread.data?.wave;
  const notFound = thread.error instanceof ApiFailure && thread.error.notFound;

  return (
    <section className="thread">
      <div className="feed__bar">
        <h1 className="feed__title">
          <Trans>Thread</Trans>
        </h1>
        {root && (
          <Link
            to="/reply/$in_reply_to_wave_wave_name"
            params={{ in_reply_to_wave_wave_name: root.wave_name }}
            className="button button--primary"
          >
            <Trans>Reply</Trans>
          </Link>
        )}
      </div>
      {notFound ? (
        <div className="wave-list__status">
          <p role="alert">
            <Trans>Wave not found</Trans>
          </p>
          <Link to="/newest">
            <Trans>Listen to the newest waves</Trans>
          </Link>
        </div>
      ) : (
        <WaveListView
          waves={waves}
          queueKey={`thread:${root?.wave_name ?? waveName}`}
          isPending={thread.isPending}
          error={thread.error}
          onRetry={() => void thread.refetch()}
          selectedWaveName={waveName === root?.wave_name ? undefined : waveName}
          emptyText={t`No replies yet.`}
        />
      )}
    </section>
  );
}
