import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import type { WaveListItem } from '../../../api/contract/wave.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { formatCount, formatCreated, formatDuration } from '../../../lib/format.ts';
import { publicWaveLink, smsHref } from '../../../lib/share-links.ts';

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
  /** Show the card links (docs/product/shell.md "Feature flags"). */
  dudeMode: boolean;
  /**
   * A chat group's wave (docs/product/channels-and-groups.md "Chat groups"): its links stay
   * inside the group, and it is never kept offline or shown as a public card.
   */
  inGroup: boolean;
}

const path = (...parts: string[]) => parts.map((part) => `/${encodeURIComponent(part)}`).join('');

/**
 * One wave in a list (docs/product/listening.md "Wave row"). It renders many times on the first
 * screen, so it stays light: plain anchors that the list follows in the app (useRowLinks), and
 * texts through `t` rather than a `<Trans>` component each.
 */
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
  dudeMode,
  inGroup,
}: WaveRowProps) {
  const { t, i18n } = useLingui();
  const title = wave.title || t`Untitled wave`;
  const origin = window.location.origin;
  const shareLink = (o: string) =>
    inGroup
      ? `${origin}${path('chat', wave.channel_name, wave.wave_name)}?o=${o}`
      : publicWaveLink(wave, origin, o);

  const copyLink = async (event: React.MouseEvent) => {
    event.preventDefault();
    try {
      await navigator.clipboard.writeText(shareLink('copy'));
      notify(t`Link copied to clipboard!`, { kind: 'success' });
    } catch (error) {
      // A failed copy is only logged (docs/product/listening.md "Share links").
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
          {unavailable && <span className="wave-row__offline">{t`Not available offline`}</span>}
        </span>
      </button>
      <div className="wave-row__meta">
        {wave.is_sponsored && (
          <span className="wave-row__sponsor">
            {wave.sponsor_logo && <img src={wave.sponsor_logo} alt="" width={20} height={20} />}
            {t`Sponsored by ${wave.sponsor_name}`}
          </span>
        )}
        <a href={path('u', wave.username)} className="wave-row__user" data-route-link>
          @{wave.username}
        </a>
        {inGroup ? (
          <a href={path('chat', wave.channel_name)} className="wave-row__channel" data-route-link>
            /chat/{wave.channel_name}
          </a>
        ) : (
          <a href={path('c', wave.channel_name)} className="wave-row__channel" data-route-link>
            /c/{wave.channel_name}
          </a>
        )}
        <span className="wave-row__stat" title={t`Listens`}>
          <svg className="wave-row__icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M8 9a4 4 0 1 1 8 0c0 2.2-1.4 3-2.3 3.9-.8.8-1 1.5-1.2 2.6-.3 1.6-1.3 2.5-2.7 2.5A2.6 2.6 0 0 1 7.2 16" />
            <path d="M10.5 9.3a1.6 1.6 0 1 1 3 .8" />
          </svg>
          <span className="visually-hidden">{t`Listens:`}</span>{' '}
          {formatCount(wave.approx_views_count)}
        </span>
        <span className="wave-row__stat" title={t`Likes`}>
          <span aria-hidden="true">♥</span>
          <span className="visually-hidden">{t`Likes:`}</span> {formatCount(wave.likes_count)}
        </span>
        <span className="wave-row__break" aria-hidden="true" />
        {canLike && !wave.user_has_liked && (
          <button type="button" className="wave-row__action" onClick={() => onLike(wave.wave_name)}>
            {t`Like`}
          </button>
        )}
        {mobile ? (
          <a className="wave-row__action" href={smsHref(shareLink('sms'))}>
            {t`SMS`}
          </a>
        ) : (
          <a className="wave-row__action" href={shareLink('copy')} onClick={copyLink}>
            {t`Copy link`}
          </a>
        )}
        {wave.in_reply_to_wave_name ? (
          <a
            href={path('thread', wave.in_reply_to_wave_name)}
            className="wave-row__action"
            data-route-link
          >
            {t`In reply`}
          </a>
        ) : (
          wave.reply_count > 0 && (
            <a href={path('thread', wave.wave_name)} className="wave-row__action" data-route-link>
              {wave.reply_count === 1 ? t`1 reply` : t`${wave.reply_count} replies`}
            </a>
          )
        )}
        {!inGroup && (
          <button
            type="button"
            className={`wave-row__action wave-row__keep ${keptOffline ? 'wave-row__keep--on' : ''}`}
            aria-pressed={keptOffline}
            onClick={() => onKeepOffline(index, !keptOffline)}
            title={t`Keep this wave on this device for listening offline`}
          >
            {keptOffline ? t`Kept offline` : t`Keep offline`}
          </button>
        )}
        {dudeMode && !inGroup && (
          <span className="wave-row__cards">
            {t`Card:`}
            {(['landscape', 'portrait', 'square'] as const).map((orient) => (
              <a
                key={orient}
                className="wave-row__action"
                href={`/audiogramcard/${encodeURIComponent(wave.wave_name)}?orient=${orient}`}
                target="_blank"
                rel="noopener"
              >
                {orient === 'landscape'
                  ? t`landscape`
                  : orient === 'portrait'
                    ? t`portrait`
                    : t`square`}
              </a>
            ))}
          </span>
        )}
        {canEdit && (
          <a href={path('edit', wave.wave_name)} className="wave-row__action" data-route-link>
            {t`Edit`}
          </a>
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
