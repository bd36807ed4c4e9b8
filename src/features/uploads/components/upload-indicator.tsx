import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { emitQueueChanged } from '../../../lib/upload-queue/upload-events.ts';
import { discardItem, retryItem, useUploadQueue } from '../../../lib/upload-queue/upload-queue.ts';
import type { UploadItem } from '../../../lib/upload-queue/upload-store.ts';
import { removeUpload } from '../../../lib/upload-queue/upload-store.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import './uploads.css';

const DONE_VISIBLE_MS = 8000;

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** The upload queue, visible on every screen while it holds something (docs/product/recording.md "Upload queue"). */
export function UploadIndicator() {
  const { t } = useLingui();
  const items = useUploadQueue();
  const online = useOnline();
  const [open, setOpen] = useState(false);

  // Finished items linger a moment, then leave the queue.
  useEffect(() => {
    const done = items.filter((item) => item.state === 'done');
    if (done.length === 0) return;
    // Removed items must be announced, or the indicator keeps showing them.
    const timer = setTimeout(
      () => void Promise.all(done.map((item) => removeUpload(item.id))).then(emitQueueChanged),
      DONE_VISIBLE_MS,
    );
    return () => clearTimeout(timer);
  }, [items]);

  if (items.length === 0) return null;
  const active = items.find((item) => item.state === 'uploading' || item.state === 'verifying');
  const failed = items.filter((item) => item.state === 'failed');
  const waiting = items.filter((item) => item.state === 'waiting');

  let summary: string;
  if (active) summary = t`Uploading ${active.progress.toFixed(2)}%`;
  else if (failed.length > 0) summary = t`Upload failed`;
  else if (waiting.length > 0 && !online) summary = t`${waiting.length} waiting for the network`;
  else if (waiting.length > 0) summary = t`${waiting.length} waiting to upload`;
  else summary = t`Uploaded`;

  return (
    <aside className={`uploads ${failed.length ? 'uploads--failed' : ''}`} aria-label={t`Uploads`}>
      <button
        type="button"
        className="uploads__summary"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span className="uploads__icon" aria-hidden="true">
          ⇡
        </span>
        <span role="status">{summary}</span>
      </button>
      {open && (
        <ul className="uploads__list">
          {items.map((item) => (
            <UploadRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </aside>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const { t } = useLingui();
  const label =
    item.body.title || (item.source.kind === 'file' ? item.source.fileName : t`Recording`);
  return (
    <li className="uploads__item">
      <div className="uploads__row">
        <span className="uploads__name">{label}</span>
        <span className="uploads__state">
          {item.state === 'uploading' && `${item.progress.toFixed(2)}%`}
          {item.state === 'verifying' && <Trans>Checking…</Trans>}
          {item.state === 'waiting' && <Trans>Waiting</Trans>}
          {item.state === 'done' && <Trans>Done</Trans>}
          {item.state === 'failed' && <Trans>Failed</Trans>}
        </span>
      </div>
      {(item.state === 'uploading' || item.state === 'verifying') && (
        <progress
          className="uploads__progress"
          max={100}
          value={item.progress}
          aria-label={t`Upload progress`}
        />
      )}
      {item.state === 'done' && item.waveName && (
        <p className="uploads__note">
          <Trans>Your wave should appear within a few minutes.</Trans>{' '}
          <Link to={item.backToPath}>
            <Trans>Back to the list</Trans>
          </Link>
        </p>
      )}
      {item.state === 'failed' && (
        <>
          <p className="uploads__error" role="alert">
            {translateServerMessage(item.error ?? 'Error uploading file')}
          </p>
          <div className="uploads__actions">
            <button
              type="button"
              className="button button--small"
              onClick={() => void retryItem(item.id)}
            >
              <Trans>Retry</Trans>
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => void discardItem(item.id)}
            >
              <Trans>Discard</Trans>
            </button>
          </div>
        </>
      )}
    </li>
  );
}
