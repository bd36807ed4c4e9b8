import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useWaveMetadata } from '../../../api/get-wave-metadata.ts';
import { notify } from '../../../components/ui/notices.tsx';
import { cardImageUrl, videoUrl } from '../../../lib/media-urls.ts';
import { shareFileName, shareOrDownload, ShareFetchError } from '../hooks/share-file.ts';
import './wave-share.css';

type Orientation = 'square' | 'portrait' | 'landscape';

/**
 * On a wave's public page (/u/{username}/{wave_name}): share the wave's audiogram card as an
 * image, in the format the person picks, and its portrait video once it exists
 * (docs/product/listening.md "Sharing a wave as image or video").
 */
export function WaveShare({ waveName }: { waveName: string }) {
  const { t } = useLingui();
  const wave = useWaveMetadata(waveName);
  const [orientation, setOrientation] = useState<Orientation>('square');
  const [busy, setBusy] = useState<'image' | 'video' | null>(null);
  const formatId = useId();

  if (!wave.data?.published) return null;
  const data = wave.data;
  const title = data.title || t`Untitled Wave`;
  const pageUrl = `${window.location.origin}/u/${encodeURIComponent(data.username)}/${encodeURIComponent(data.wave_name)}`;
  const details = { title, text: t`Listen to “${title}” by @${data.username}: ${pageUrl}` };

  const share = async (kind: 'image' | 'video') => {
    setBusy(kind);
    try {
      const outcome =
        kind === 'image'
          ? await shareOrDownload(
              cardImageUrl(data.wave_name, orientation),
              shareFileName(title, data.wave_name, 'png'),
              details,
            )
          : await shareOrDownload(
              videoUrl(data),
              shareFileName(title, data.wave_name, 'mp4'),
              details,
            );
      if (outcome === 'downloaded') {
        notify(kind === 'image' ? t`The image was saved.` : t`The video was saved.`, {
          kind: 'success',
        });
      }
    } catch (error) {
      notify(
        error instanceof ShareFetchError && error.status === 429
          ? t`Too many images in a short time. Please try again in a few minutes.`
          : kind === 'image'
            ? t`The image could not be made. Please try again.`
            : t`The video could not be loaded. Please try again.`,
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="wave-share" aria-labelledby={`${formatId}-title`}>
      <h2 className="wave-share__title" id={`${formatId}-title`}>
        <Trans>Share “{title}”</Trans>
      </h2>
      <div className="wave-share__actions">
        <label className="wave-share__format" htmlFor={formatId}>
          <span>
            <Trans>Image format</Trans>
          </span>
          <select
            id={formatId}
            className="select"
            value={orientation}
            onChange={(event) => setOrientation(event.target.value as Orientation)}
          >
            <option value="square">{t`Square`}</option>
            <option value="portrait">{t`Portrait`}</option>
            <option value="landscape">{t`Landscape`}</option>
          </select>
        </label>
        <button
          type="button"
          className="button button--primary"
          disabled={busy !== null}
          aria-busy={busy === 'image'}
          onClick={() => void share('image')}
        >
          {busy === 'image' ? <Trans>Preparing the image…</Trans> : <Trans>Share as image</Trans>}
        </button>
        {data.has_video && (
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            aria-busy={busy === 'video'}
            onClick={() => void share('video')}
          >
            {busy === 'video' ? <Trans>Loading the video…</Trans> : <Trans>Share as video</Trans>}
          </button>
        )}
      </div>
    </section>
  );
}
