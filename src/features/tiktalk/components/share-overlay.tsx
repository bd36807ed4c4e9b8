import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { WaveListItem } from '../../../api/contract/wave.ts';
import { notify } from '../../../components/ui/notices.tsx';
import { publicWaveLink } from '../../../lib/share-links.ts';
import { feedMedia } from '../feed-media.ts';
import { INSTAGRAM_URL, shareHref, type ShareTarget } from '../share-targets.ts';
import { FeedIcon, type FeedIconName } from './feed-icons.tsx';

const badges: Record<ShareTarget | 'instagram' | 'copy' | 'more', string | FeedIconName> = {
  whatsapp: 'W',
  facebook: 'f',
  instagram: 'IG',
  twitter: 'X',
  email: 'mail',
  copy: 'link',
  sms: 'message',
  more: 'more',
};

/** The target's round mark: its letters, or an icon. Decorative: the entry says its name. */
function ShareBadge({ target }: { target: keyof typeof badges }) {
  const badge = badges[target];
  return (
    <span className={`tiktalk-share__badge tiktalk-share__badge--${target}`} aria-hidden="true">
      {badge.length <= 2 ? badge : <FeedIcon name={badge as FeedIconName} />}
    </span>
  );
}

/** Whether this browser can hand files to the system share sheet. */
function canShareFiles(): boolean {
  try {
    return Boolean(
      navigator.canShare?.({ files: [new File([], 'wave.mp4', { type: 'video/mp4' })] }),
    );
  } catch {
    return false;
  }
}

/**
 * The share overlay (docs/product/listening.md "Short-video feed"): each entry opens its
 * target's share address with the wave's public link; Copy Link copies it; More hands the link
 * (and the video, where the browser can share files) to the system share sheet.
 */
export function ShareOverlay({ wave, onClose }: { wave: WaveListItem; onClose: () => void }) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const videoFile = useRef<File | null>(null);
  const origin = window.location.origin;
  const title = wave.title || t`Untitled wave`;
  const text = t`“${title}” by @${wave.username}`;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  // The video is fetched when the overlay opens, so More can share it within the tap.
  useEffect(() => {
    const media = feedMedia(wave);
    if (media.kind !== 'video' || !canShareFiles()) return;
    const abort = new AbortController();
    fetch(media.src, { signal: abort.signal })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (blob)
          videoFile.current = new File([blob], `${wave.wave_name}.mp4`, { type: 'video/mp4' });
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [wave]);

  const copyLink = async (link: string, done: string) => {
    try {
      await navigator.clipboard.writeText(link);
      notify(done, { kind: 'success' });
    } catch (error) {
      // A failed copy is only logged (docs/product/listening.md "Share links").
      console.warn('clipboard write failed', error);
    }
  };

  const systemShare = async (withLink: boolean): Promise<boolean> => {
    if (typeof navigator.share !== 'function') return false;
    const file = videoFile.current;
    const data: ShareData = { title, text };
    if (withLink) data.url = publicWaveLink(wave, origin, 'more');
    if (file && navigator.canShare?.({ files: [file] })) data.files = [file];
    if (!data.files && !withLink) return false;
    try {
      await navigator.share(data);
    } catch (error) {
      if ((error as Error).name !== 'AbortError') console.warn('share failed', error);
    }
    return true;
  };

  const close = () => onClose();

  const link = (target: ShareTarget, label: string, external: boolean) => (
    <li>
      <a
        className={`tiktalk-share__entry tiktalk-share__entry--${target}`}
        href={shareHref(target, wave, origin, text)}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        // After the link has done its work: closing removes it from the page.
        onClick={() => setTimeout(close, 0)}
      >
        <ShareBadge target={target} />
        {label}
      </a>
    </li>
  );

  return (
    <dialog
      ref={dialog}
      className="tiktalk-share"
      aria-labelledby="tiktalk-share-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its panel) closes it.
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="tiktalk-share__panel">
        <h2 id="tiktalk-share-title" className="tiktalk-share__title">
          <Trans>Share</Trans>
        </h2>
        <ul className="tiktalk-share__list">
          {link('whatsapp', 'WhatsApp', true)}
          {link('facebook', 'Facebook', true)}
          <li>
            <button
              type="button"
              className="tiktalk-share__entry tiktalk-share__entry--instagram"
              onClick={() => {
                void (async () => {
                  // Instagram takes no links from the web: the video through the share sheet,
                  // or the link on the clipboard and Instagram opened to paste it.
                  if (videoFile.current && (await systemShare(false))) return close();
                  await copyLink(
                    publicWaveLink(wave, origin, 'instagram'),
                    t`Link copied to clipboard! Paste it into Instagram.`,
                  );
                  window.open(INSTAGRAM_URL, '_blank', 'noopener,noreferrer');
                  close();
                })();
              }}
            >
              <ShareBadge target="instagram" />
              Instagram
            </button>
          </li>
          {link('twitter', 'Twitter / X', true)}
          {link('email', t`Email`, false)}
          <li>
            <button
              type="button"
              className="tiktalk-share__entry tiktalk-share__entry--copy"
              onClick={() => {
                void copyLink(publicWaveLink(wave, origin, 'copy'), t`Link copied to clipboard!`);
                close();
              }}
            >
              <ShareBadge target="copy" />
              <Trans>Copy Link</Trans>
            </button>
          </li>
          {link('sms', t`SMS`, false)}
          <li>
            <button
              type="button"
              className="tiktalk-share__entry tiktalk-share__entry--more"
              onClick={() => {
                void (async () => {
                  if (!(await systemShare(true))) {
                    // No share sheet here (most desktops): the link goes on the clipboard.
                    await copyLink(
                      publicWaveLink(wave, origin, 'copy'),
                      t`Link copied to clipboard!`,
                    );
                  }
                  close();
                })();
              }}
            >
              <ShareBadge target="more" />
              <Trans>More</Trans>
            </button>
          </li>
        </ul>
        <button type="button" className="tiktalk-share__cancel" onClick={close}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </dialog>
  );
}
