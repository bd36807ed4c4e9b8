import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useWaveMetadata, WaveMetadataError } from '../../../api/get-wave-metadata.ts';
import { cardPropsOf } from '../../../lib/audiogram-card/card-content.ts';
import {
  CARD_GEOMETRY,
  parseCardOrientation,
  type CardOrientation,
} from '../../../lib/audiogram-card/card-geometry.ts';
import { AudiogramCard, type CardLabels } from '../../../lib/audiogram-card/card-layout.tsx';
import { avatarUrl } from '../../../lib/media-urls.ts';
import './audiogram-card-page.css';

/** The message a page that embeds the card (or a renderer) waits for. */
export const RENDER_COMPLETE = 'RENDER_COMPLETE';

/** Shown at the card's lower left; the product's name. */
const SITE_NAME = 'Waves';

/**
 * /audiogramcard/{wave_name}?orient=landscape|portrait|square (docs/product/listening.md
 * "Audiogram card"): the wave as a shareable card at its exact size, without the app around it.
 * When everything on it is drawn (fonts and avatar loaded) it marks the document
 * (`data-render-complete` on `<html>`) and posts RENDER_COMPLETE with the wave's name to the
 * window that embeds it, so a renderer can take the picture then.
 */
export function AudiogramCardPage({
  waveName,
  orient,
}: {
  waveName: string;
  orient: string | undefined;
}) {
  const { t } = useLingui();
  const orientation = parseCardOrientation(orient);
  const wave = useWaveMetadata(waveName, waveName !== '');

  const labels: CardLabels = {
    published: t`Published`,
    draft: t`Draft`,
    untitled: t`Untitled Wave`,
    anonymous: t`anonymous`,
    scanToListen: t`Scan to listen`,
    qrCode: t`QR code of the wave’s page`,
    invalidDate: t`Invalid date`,
    dateError: t`Date error`,
  };

  // The texts of docs/product/listening.md "Audiogram card" for each state.
  let status: string | null = null;
  const error = wave.error;
  // A query without a wave name never runs, and stays "pending": that is not loading.
  const loading = waveName !== '' && wave.isPending;
  if (waveName === '') status = t`Error: Wave name parameter is required`;
  else if (loading) status = t`Loading...`;
  else if (error instanceof WaveMetadataError && error.kind === 'not-found') {
    status = t`Wave not found`;
  } else if (error) {
    const message =
      error instanceof WaveMetadataError && error.kind === 'request'
        ? t`Request error: ${error.message}`
        : error instanceof WaveMetadataError && error.kind === 'no-data'
          ? t`Unknown error getting wave`
          : error.message || t`Failed to retrieve wave data`;
    status = t`Error: ${message}`;
  }

  useEffect(() => {
    document.title = wave.data?.title ? `${wave.data.title} – ${SITE_NAME}` : SITE_NAME;
  }, [wave.data?.title]);

  if (status !== null || !wave.data) {
    return (
      <main className="audiogram-page audiogram-page--status">
        <p role={loading ? 'status' : 'alert'} className="audiogram-page__status">
          {status}
        </p>
      </main>
    );
  }
  return (
    <LoadedCard
      key={`${wave.data.wave_name}-${orientation}`}
      waveName={wave.data.wave_name}
      orientation={orientation}
      props={cardPropsOf(wave.data, {
        orientation,
        avatarSrc: avatarUrl(wave.data.user_id, 512, wave.data.avatar_version),
        origin: window.location.origin,
        siteName: SITE_NAME,
        labels,
      })}
    />
  );
}

/** The card at its size, scaled down only where the window is smaller (a person looking). */
function LoadedCard({
  waveName,
  orientation,
  props,
}: {
  waveName: string;
  orientation: CardOrientation;
  props: Parameters<typeof AudiogramCard>[0];
}) {
  const { t } = useLingui();
  const { width, height } = CARD_GEOMETRY[orientation];
  const scale = useFitScale(width, height);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    const images = [...(frame.current?.querySelectorAll('img') ?? [])];
    void Promise.all([
      document.fonts.ready,
      ...images.map((image) => image.decode().catch(() => undefined)),
    ]).then(() => {
      if (cancelled) return;
      document.documentElement.dataset['renderComplete'] = 'true';
      // The wave's name is all it says: any embedding page may hear it.
      window.parent.postMessage({ type: RENDER_COMPLETE, wave_name: waveName }, '*');
    });
    return () => {
      cancelled = true;
      delete document.documentElement.dataset['renderComplete'];
    };
  }, [waveName]);

  const title = props.title?.trim() || props.labels.untitled;
  return (
    <main className="audiogram-page" aria-label={t`Audiogram card: ${title}`}>
      <div
        className="audiogram-page__frame"
        style={{ width: width * scale, height: height * scale }}
      >
        <div
          ref={frame}
          className="audiogram-page__card"
          data-orientation={orientation}
          style={scale < 1 ? { transform: `scale(${scale})` } : undefined}
        >
          <AudiogramCard {...props} />
        </div>
      </div>
    </main>
  );
}

/** How much the card must shrink to fit the window (1 when it fits, e.g. for a renderer). */
function useFitScale(width: number, height: number): number {
  const measure = () => Math.min(1, window.innerWidth / width, window.innerHeight / height);
  const [scale, setScale] = useState(measure);
  useLayoutEffect(() => {
    const update = () => setScale(measure());
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measure depends only on these
  }, [width, height]);
  return scale;
}
