import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../../lib/session.ts';
import { storedLanguage } from '../../../lib/storage.ts';
import { Marquee } from './marquee.tsx';
import { RecordButton } from './record-button.tsx';
import { WaveList } from './wave-list.tsx';

export type FeedKind = 'newest' | 'trending' | 'following';

/** The site-wide lists: newest (home), trending and following. */
export function FeedPage({ kind }: { kind: FeedKind }) {
  const { t } = useLingui();
  const session = useSession();
  const language = storedLanguage() ?? 'en';
  const headings: Record<FeedKind, string> = {
    newest: t`Newest waves`,
    trending: t`Trending waves`,
    following: t`Waves of people you follow`,
  };
  const feeds: { kind: FeedKind; label: string }[] = [
    { kind: 'newest', label: t({ message: 'Newest', context: 'feed' }) },
    { kind: 'trending', label: t({ message: 'Trending', context: 'feed' }) },
    { kind: 'following', label: t({ message: 'Following', context: 'feed' }) },
  ];

  return (
    <section className="feed">
      <Marquee text="Waves · Waves · Waves" />
      <div className="feed__bar">
        <h1 className="feed__title">{headings[kind]}</h1>
        <div className="feed__actions">
          <Link to="/tiktalk" className="button button--small feed__videos">
            <span aria-hidden="true">▶</span> <Trans>Videos</Trans>
          </Link>
          <RecordButton backToPath={`/${kind}`} />
        </div>
      </div>
      <nav className="feed__switch" aria-label={t`Lists`}>
        {feeds.map((feed) => (
          <Link
            key={feed.kind}
            to={`/${feed.kind}`}
            className="feed__switch-link"
            activeProps={{
              className: 'feed__switch-link feed__switch-link--active',
              'aria-current': 'page',
            }}
          >
            {feed.label}
          </Link>
        ))}
      </nav>
      {kind === 'following' ? (
        session.known && !session.signedIn ? (
          <p className="wave-list__status">
            <Trans>
              <Link to="/signin">Sign in</Link> to hear the waves of the people you follow.
            </Trans>
          </p>
        ) : session.userId !== null ? (
          <WaveList
            source={{ kind: 'following', userId: session.userId }}
            emptyText={t`Nothing here yet: follow people on their pages or in People.`}
          />
        ) : null
      ) : (
        <WaveList source={{ kind, language }} />
      )}
    </section>
  );
}
