import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { WaveListItem } from '../../../api/contract/wave.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { formatCount, formatCreated, formatDuration } from '../../../lib/format.ts';

export interface WaveRowProps {
  wave: WaveListItem;
  index: number;
  selected: boolean;
  viewed: boolean;
  mobile: boolean;
  canLike: boolean;
  canEdit: boolean;
  onSelect: (index: number) => void;
  onLike: (waveName: string) => void;
  /** The device has no network now. */
  offline: boolean;
  /** The mp3 is in the offline cache. */
  availableOffline: boolean;
  keptOffline: boolean;
  onKeepOffline: (index: number, keep: boolean) => void;
}

function shareUrl(wave: WaveListItem, origin: string, channel: 'copy' | 'sms') {
  return `${origin}/u/${encodeURIComponent(wave.username)}/${encodeURIComponent(wave.wave_name)}?o=${channel}`;
}

/** One wave in a list (spec content §2 "Wave row"). */
export const WaveRow = memo(function WaveRow({
  wave,
  index,
  selected,
  viewed,
  mobile,
  canLike,
  canEdit,
  onSelect,
  onLike,
  offline,
  availableOffline,
  keptOffline,
  onKeepOffline,
}: WaveRowProps) {
  const { t, i18n } = useLingui();
  const title = wave.title || t`Untitled wave`;
  const origin = window.location.origin;

  const copyLink = async (event: React.MouseEvent) => {
    event.preventDefault();
    try {
      await navigator.clipboard.writeText(shareUrl(wave, origin, 'copy'));
      notify(t`Link copied to clipboard!`, { kind: 'success' });
    } catch (error) {
      // The spec: a failed copy is only logged.
      console.warn('clipboard write failed', error);
    }
  };

  const unavailable = offline && !availableOffline;
  const className = [
    'wave-row',
    selected ? 'wave-row--selected' : '',
    viewed ? 'wave-row--viewed' : '',
    unavailable ? 'wave-row--unavailable' : '',
  ].join(' ');

  return (
    <li className={className} id={`wave-${wave.wave_name}`} data-wave-name={wave.wave_name}>
      <button
        type="button"
        className="wave-row__main"
        onClick={() => onSelect(index)}
        aria-current={selected ? 'true' : undefined}
        aria-label={t`Play ${title} by @${wave.username}`}
      >
        <Avatar userId={wave.user_id} size={48} version={wave.avatar_version} />
        <span className="wave-row__title">
          <span className="wave-row__duration">({formatDuration(wave.duration)})</span> {title}
          {unavailable && (
            <span className="wave-row__offline">
              <Trans>Not available offline</Trans>
            </span>
          )}
        </span>
      </button>
      <div className="wave-row__meta">
        <Link
          to="/u/$username/{-$wave_name}"
          params={{ username: wave.username, wave_name: undefined }}
          className="wave-row__user"
        >
          @{wave.username}
        </Link>
        <Link
          to="/c/$channel_name/{-$wave_name}"
          params={{ channel_name: wave.channel_name, wave_name: undefined }}
          className="wave-row__channel"
        >
          /c/{wave.channel_name}
        </Link>
        <span className="wave-row__stat" title={t`Listens`}>
          <svg className="wave-row__icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M8 9a4 4 0 1 1 8 0c0 2.2-1.4 3-2.3 3.9-.8.8-1 1.5-1.2 2.6-.3 1.6-1.3 2.5-2.7 2.5A2.6 2.6 0 0 1 7.2 16" />
            <path d="M10.5 9.3a1.6 1.6 0 1 1 3 .8" />
          </svg>
          <span className="visually-hidden">
            <Trans>Listens:</Trans>
          </span>{' '}
          {formatCount(wave.approx_views_count)}
        </span>
        <span className="wave-row__stat" title={t`Likes`}>
          <span aria-hidden="true">♥</span>
          <span className="visually-hidden">
            <Trans>Likes:</Trans>
          </span>{' '}
          {formatCount(wave.likes_count)}
        </span>
        {canLike && !wave.user_has_liked && (
          <button type="button" className="wave-row__action" onClick={() => onLike(wave.wave_name)}>
            <Trans>Like</Trans>
          </button>
        )}
        {mobile ? (
          <a
            className="wave-row__action"
            href={`sms:?&body=${encodeURIComponent(shareUrl(wave, origin, 'sms'))}`}
          >
            <Trans>SMS</Trans>
          </a>
        ) : (
          <a className="wave-row__action" href={shareUrl(wave, origin, 'copy')} onClick={copyLink}>
            <Trans>Copy link</Trans>
          </a>
        )}
        {wave.in_reply_to_wave_name ? (
          <Link
            to="/thread/$wave_name"
            params={{ wave_name: wave.in_reply_to_wave_name }}
            className="wave-row__action"
          >
            <Trans>In reply</Trans>
          </Link>
        ) : (
          wave.reply_count > 0 && (
            <Link
              to="/thread/$wave_name"
              params={{ wave_name: wave.wave_name }}
              className="wave-row__action"
            >
              {wave.reply_count === 1 ? (
                <Trans>1 reply</Trans>
              ) : (
                <Trans>{wave.reply_count} replies</Trans>
              )}
            </Link>
          )
        )}
        <button
          type="button"
          className={`wave-row__action wave-row__keep ${keptOffline ? 'wave-row__keep--on' : ''}`}
          aria-pressed={keptOffline}
          onClick={() => onKeepOffline(index, !keptOffline)}
          title={t`Keep this wave on this device for listening offline`}
        >
          {keptOffline ? <Trans>Kept offline</Trans> : <Trans>Keep offline</Trans>}
        </button>
        {canEdit && (
          <Link
            to="/edit/$wave_name"
            params={{ wave_name: wave.wave_name }}
            className="wave-row__action"
          >
            <Trans>Edit</Trans>
          </Link>
        )}
        {!mobile && (
          <time className="wave-row__time" dateTime={wave.created}>
            {formatCreated(wave.created, i18n.locale)}
          </time>
        )}
      </div>
    </li>
  );
});
