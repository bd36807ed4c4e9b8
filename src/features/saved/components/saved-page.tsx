import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { notify } from '../../../components/ui/notices.tsx';
import { playFromList } from '../../../lib/audio/player.ts';
import { usePlayer } from '../../../lib/audio/player-store.ts';
import { formatDuration } from '../../../lib/format.ts';
import { readSavedWaves, removeFromDevice, type SavedWave } from '../../../lib/offline-audio.ts';
import { SW_MESSAGES } from '../../../lib/sw-messages.ts';
import './saved.css';

const QUEUE_KEY = 'saved';

/** Sizes in kB below a megabyte, in MB below a gigabyte, else in GB, in the UI language. */
function formatBytes(value: number, locale: string): string {
  const [unit, size] =
    value < 1e6
      ? (['kilobyte', 1e3] as const)
      : value < 1e9
        ? (['megabyte', 1e6] as const)
        : (['gigabyte', 1e9] as const);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(
    value / size,
  );
}

interface StorageFacts {
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

/** The device's storage as the browser reports it (unknown where it does not say). */
async function readStorage(): Promise<StorageFacts> {
  const storage = navigator.storage;
  const estimate = await storage?.estimate?.().catch(() => null);
  const persisted = await storage?.persisted?.().catch(() => null);
  return {
    usage: estimate?.usage ?? null,
    quota: estimate?.quota ?? null,
    persisted: persisted ?? null,
  };
}

function useSaved() {
  const [waves, setWaves] = useState<SavedWave[] | null>(null);
  const [storage, setStorage] = useState<StorageFacts>({
    usage: null,
    quota: null,
    persisted: null,
  });
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(() => {
    readSavedWaves().then(setWaves, () => setFailed(true));
    void readStorage().then(setStorage);
  }, []);
  useEffect(() => {
    refresh();
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === SW_MESSAGES.audioCacheChanged) refresh();
    };
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => navigator.serviceWorker?.removeEventListener('message', onMessage);
  }, [refresh]);
  return { waves, storage, failed, refresh };
}

/**
 * /saved (docs/product/listening.md "Saved"): every wave whose audio is on this device, kept
 * waves first, then the most recently played; they play, queue and autoplay with no network.
 * Everything shown was stored with the audio, so a cold start offline lists them too.
 */
export function SavedPage() {
  const { t, i18n } = useLingui();
  const { waves, storage, failed, refresh } = useSaved();
  const current = usePlayer((state) =>
    state.queueKey === QUEUE_KEY ? (state.queue[state.index]?.wave_name ?? null) : null,
  );
  const megabytes = (value: number) => formatBytes(value, i18n.locale);
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });

  const remove = async (list: readonly string[] | 'all') => {
    try {
      await removeFromDevice(list);
    } catch {
      notify(t`The waves could not be removed from this device.`);
    }
    refresh();
  };
  const removeAll = () => {
    if (window.confirm(t`Remove every saved wave from this device?`)) void remove('all');
  };
  const askPersistent = async () => {
    const granted = await navigator.storage?.persist?.().catch(() => false);
    if (!granted) notify(t`The browser did not make storage persistent.`, { kind: 'info' });
    refresh();
  };

  return (
    <section className="saved">
      <div className="feed__bar">
        <h1 className="feed__title">
          <Trans>Saved on this device</Trans>
        </h1>
        {waves && waves.length > 0 ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => playFromList(waves, 0, QUEUE_KEY)}
          >
            <Trans>Play all</Trans>
          </button>
        ) : null}
      </div>

      <div className="saved__storage" aria-label={t`Storage`} role="group">
        <p>
          {storage.usage !== null && storage.quota !== null ? (
            <Trans>
              {megabytes(storage.usage)} used of {megabytes(storage.quota)} available to this site.
            </Trans>
          ) : (
            <Trans>This browser does not say how much storage is used.</Trans>
          )}{' '}
          {storage.persisted === true ? (
            <Trans>Storage is persistent: the browser keeps it when space runs low.</Trans>
          ) : storage.persisted === false ? (
            <Trans>Storage is not persistent: the browser may clear it when space runs low.</Trans>
          ) : null}
        </p>
        {storage.persisted === false ? (
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => void askPersistent()}
          >
            <Trans>Ask to keep storage</Trans>
          </button>
        ) : null}
      </div>

      {failed ? (
        <p className="wave-list__status wave-list__status--error" role="alert">
          <Trans>The saved waves could not be read on this device.</Trans>
        </p>
      ) : waves === null ? (
        <p className="wave-list__status" role="status">
          <Trans>Loading saved waves…</Trans>
        </p>
      ) : waves.length === 0 ? (
        <p className="wave-list__status">
          <Trans>
            No waves are saved on this device yet. Every wave you play is saved here, and “Keep
            offline” on a wave keeps it for good.
          </Trans>
        </p>
      ) : (
        <>
          <ol className="saved__list">
            {waves.map((wave, index) => (
              <li
                key={wave.url}
                className={`saved__row${current === wave.wave_name ? ' saved__row--current' : ''}`}
                id={`saved-${wave.wave_name}`}
              >
                <button
                  type="button"
                  className="saved__play"
                  aria-label={t`Play ${wave.title}`}
                  onClick={() => playFromList(waves, index, QUEUE_KEY)}
                >
                  <span aria-hidden="true">▶</span>
                </button>
                <div className="saved__body">
                  <p className="saved__title">
                    {wave.title}
                    {wave.pinned ? (
                      <span className="saved__badge">
                        <Trans>Kept offline</Trans>
                      </span>
                    ) : null}
                  </p>
                  <p className="saved__meta">
                    <Link
                      to="/u/$username/{-$wave_name}"
                      params={{ username: wave.username, wave_name: undefined }}
                    >
                      {wave.username}
                    </Link>
                    {wave.channel_name ? (
                      <>
                        {' · '}
                        <Link
                          to="/c/$channel_name/{-$wave_name}"
                          params={{ channel_name: wave.channel_name, wave_name: undefined }}
                        >
                          /c/{wave.channel_name}
                        </Link>
                      </>
                    ) : null}
                  </p>
                  <p className="saved__meta">
                    <span>{formatDuration(wave.duration)}</span>
                    {' · '}
                    <span>{megabytes(wave.bytes)}</span>
                    {' · '}
                    <span>
                      <Trans>saved {when.format(new Date(wave.savedAt))}</Trans>
                    </span>
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  aria-label={t`Remove ${wave.title} from this device`}
                  onClick={() => void remove([wave.url])}
                >
                  <Trans>Remove</Trans>
                </button>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="button button--danger saved__remove-all"
            onClick={removeAll}
          >
            <Trans>Remove all from this device</Trans>
          </button>
        </>
      )}
    </section>
  );
}
