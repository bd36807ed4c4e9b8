import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { memo, useCallback } from 'react';
import type { WaveListItem } from '../../../api/contract/wave.ts';
import { useIsSubscribed } from '../../../api/get-is-subscribed.ts';
import { useSetSubscription } from '../../../api/set-subscription.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { formatCount, formatDuration } from '../../../lib/format.ts';
import type { OpenedContext } from '../feed-context.ts';
import { feedMedia } from '../feed-media.ts';
import type { FeedPlayback } from '../feed-playback.ts';
import { FeedIcon } from './feed-icons.tsx';

export interface FeedItemProps {
  wave: WaveListItem;
  index: number;
  total: number;
  current: boolean;
  playback: FeedPlayback;
  /** The viewer, when signed in (likes and follows need one). */
  viewerId: number | null;
  disliked: boolean;
  /** The replies context this item is shown in, if any (its "In reply" link would lead here). */
  inRepliesOf: string | null;
  onOpen: (context: OpenedContext) => void;
  onLike: (wave: WaveListItem) => void;
  onDislike: (waveName: string) => void;
  onShare: (wave: WaveListItem) => void;
}

/**
 * One wave of the feed, a screen high: its video (or its audio under its card), the caption,
 * and the actions down the right (docs/product/listening.md "Short-video feed"). Only the
 * current item is in the accessibility tree and the tab order; the others wait in the window.
 */
export const FeedItem = memo(function FeedItem({
  wave,
  index,
  total,
  current,
  playback,
  viewerId,
  disliked,
  inRepliesOf,
  onOpen,
  onLike,
  onDislike,
  onShare,
}: FeedItemProps) {
  const { t } = useLingui();
  const name = wave.wave_name;
  const media = feedMedia(wave);
  const title = wave.title || t`Untitled wave`;
  const liked = wave.user_has_liked;

  const mediaRef = useCallback(
    (element: HTMLMediaElement | null) => {
      if (!element) return;
      playback.attach(name, element);
      return () => playback.detach(name);
    },
    [playback, name],
  );
  const progressRef = useCallback(
    (bar: HTMLDivElement | null) => {
      playback.attachProgress(name, bar);
      return () => playback.attachProgress(name, null);
    },
    [playback, name],
  );

  return (
    <article
      className="tiktalk-item"
      style={{ top: `${index * 100}%` }}
      aria-hidden={!current}
      inert={!current}
      aria-roledescription={t`wave`}
      aria-label={t`${title} by @${wave.username}, ${index + 1} of ${total}`}
      data-wave-name={name}
      data-current={current || undefined}
    >
      <div className="tiktalk-item__media">
        {media.kind === 'video' ? (
          <video
            ref={mediaRef}
            className="tiktalk-item__video"
            src={media.src}
            preload="auto"
            playsInline
            muted
            loop
          />
        ) : (
          <>
            <WaveCard wave={wave} title={title} />
            {/* A <video> for the sound alone: browsers start muted media without a tap only
                for video elements, so an <audio> here would wait for a tap on a first visit. */}
            <video
              ref={mediaRef}
              className="tiktalk-item__audio"
              src={media.src}
              preload="auto"
              playsInline
              muted
              loop
              aria-hidden="true"
            />
          </>
        )}
      </div>

      <div className="tiktalk-item__caption">
        {wave.is_sponsored && (
          <p className="tiktalk-item__sponsor">
            {wave.sponsor_logo && (
              <img
                className="tiktalk-item__sponsor-logo"
                src={wave.sponsor_logo}
                alt=""
                onError={(event) => {
                  event.currentTarget.hidden = true;
                }}
              />
            )}
            <span>
              <Trans>Sponsored</Trans>
              {wave.sponsor_name ? ` · ${wave.sponsor_name}` : ''}
            </span>
          </p>
        )}
        <button
          type="button"
          className="tiktalk-item__user"
          onClick={() => onOpen({ kind: 'user', username: wave.username })}
        >
          @{wave.username}
        </button>
        <h2 className="tiktalk-item__title">{title}</h2>
        <p className="tiktalk-item__meta">
          <button
            type="button"
            className="tiktalk-item__channel"
            onClick={() => onOpen({ kind: 'channel', channelName: wave.channel_name })}
            aria-label={t`Channel ${wave.channel_name}`}
          >
            #{wave.channel_name}
          </button>
          <span aria-label={t`Duration ${formatDuration(wave.duration)}`}>
            {formatDuration(wave.duration)}
          </span>
          {wave.in_reply_to_wave_name && wave.in_reply_to_wave_name !== inRepliesOf && (
            <button
              type="button"
              className="tiktalk-item__channel"
              onClick={() =>
                onOpen({ kind: 'replies', waveName: wave.in_reply_to_wave_name as string })
              }
            >
              <Trans>In reply</Trans>
            </button>
          )}
        </p>
      </div>

      <div className="tiktalk-item__rail">
        <CreatorButton
          wave={wave}
          current={current}
          viewerId={viewerId}
          onOpen={() => onOpen({ kind: 'user', username: wave.username })}
        />
        <button
          type="button"
          className="tiktalk-action"
          aria-pressed={liked}
          onClick={() => onLike(wave)}
        >
          <FeedIcon name="heart" filled={liked} />
          <span className="tiktalk-action__count" aria-hidden="true">
            {formatCount(wave.likes_count)}
          </span>
          <span className="visually-hidden">
            {t`Like, ${plural(wave.likes_count, { one: '# like', other: '# likes' })}`}
          </span>
        </button>
        <button
          type="button"
          className="tiktalk-action"
          aria-pressed={disliked}
          disabled={liked}
          title={liked ? t`You like this wave` : undefined}
          onClick={() => onDislike(name)}
        >
          <FeedIcon name="dislike" filled={disliked} />
          <span className="tiktalk-action__count" aria-hidden="true">
            {t({ message: 'Dislike', context: 'feed action' })}
          </span>
          <span className="visually-hidden">
            {t({ message: 'Dislike', context: 'feed action' })}
          </span>
        </button>
        <button
          type="button"
          className="tiktalk-action"
          onClick={() => onOpen({ kind: 'replies', waveName: wave.in_reply_to_wave_name ?? name })}
        >
          <FeedIcon name="replies" />
          <span className="tiktalk-action__count" aria-hidden="true">
            {formatCount(wave.reply_count)}
          </span>
          <span className="visually-hidden">
            {wave.in_reply_to_wave_name
              ? t`Replies in this thread`
              : t`Replies, ${plural(wave.reply_count, { one: '# reply', other: '# replies' })}`}
          </span>
        </button>
        <Link
          to="/reply/$in_reply_to_wave_wave_name"
          params={{ in_reply_to_wave_wave_name: wave.in_reply_to_wave_name ?? name }}
          className="tiktalk-action"
        >
          <FeedIcon name="reply" />
          <span className="tiktalk-action__count" aria-hidden="true">
            {t({ message: 'Reply', context: 'feed action' })}
          </span>
          <span className="visually-hidden">{t`Reply to ${title}`}</span>
        </Link>
        <button type="button" className="tiktalk-action" onClick={() => onShare(wave)}>
          <FeedIcon name="share" />
          <span className="tiktalk-action__count" aria-hidden="true">
            {t({ message: 'Share', context: 'feed action' })}
          </span>
          <span className="visually-hidden">{t`Share ${title}`}</span>
        </button>
      </div>

      <div className="tiktalk-item__progress" aria-hidden="true">
        <div ref={progressRef} className="tiktalk-item__progress-bar" />
      </div>
    </article>
  );
});

/** The wave's card while it has no video: its words on the card's colours. */
function WaveCard({ wave, title }: { wave: WaveListItem; title: string }) {
  return (
    <div className="tiktalk-card" aria-hidden="true">
      <Avatar
        userId={wave.user_id}
        size={128}
        version={wave.avatar_version}
        className="tiktalk-card__avatar"
      />
      <p className="tiktalk-card__title">{title}</p>
      <p className="tiktalk-card__user">@{wave.username}</p>
      <div className="tiktalk-card__bars">
        {Array.from({ length: 24 }, (_, bar) => (
          <span key={bar} style={{ height: `${20 + ((bar * 37) % 70)}%` }} />
        ))}
      </div>
    </div>
  );
}

/**
 * The creator's avatar (opens their waves) with the follow toggle: the real follow (their home
 * team), for signed-in viewers other than the creator; asked only for the wave on screen.
 */
function CreatorButton({
  wave,
  current,
  viewerId,
  onOpen,
}: {
  wave: WaveListItem;
  current: boolean;
  viewerId: number | null;
  onOpen: () => void;
}) {
  const { t } = useLingui();
  const teamId = wave.team_id ?? 0;
  const canFollow = viewerId !== null && viewerId !== wave.user_id && wave.team_id !== null;
  const subscribed = useIsSubscribed(teamId, { enabled: canFollow && current });
  const mutation = useSetSubscription(teamId);
  const following = subscribed.data === true;
  return (
    <div className="tiktalk-creator">
      <button type="button" className="tiktalk-creator__avatar" onClick={onOpen}>
        <Avatar userId={wave.user_id} size={48} version={wave.avatar_version} />
        <span className="visually-hidden">{t`Waves of @${wave.username}`}</span>
      </button>
      {canFollow && (
        <button
          type="button"
          className={`tiktalk-creator__follow${following ? ' tiktalk-creator__follow--on' : ''}`}
          aria-pressed={following}
          disabled={subscribed.data === undefined}
          aria-busy={mutation.isPending}
          onClick={() => !mutation.isPending && mutation.mutate(!following)}
        >
          <FeedIcon name={following ? 'check' : 'plus'} />
          <span className="visually-hidden">{t`Follow @${wave.username}`}</span>
        </button>
      )}
    </div>
  );
}
