import { t } from '@lingui/core/macro';
import { useSyncExternalStore } from 'react';

/**
 * The product's alerts (docs/product/shell.md "Notices"), shown as accessible in-page notices instead of window.alert.
 * `notify` may be called from anywhere (event handlers, mutations, the upload queue).
 */
export type NoticeKind = 'error' | 'info' | 'success';

export interface Notice {
  id: number;
  text: string;
  kind: NoticeKind;
  /** Sticky notices stay until dismissed (e.g. "the page must be reloaded"). */
  sticky: boolean;
}

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const AUTO_DISMISS_MS = 8000;

function emit() {
  for (const listener of listeners) listener();
}

export function dismissNotice(id: number) {
  notices = notices.filter((notice) => notice.id !== id);
  emit();
}

export function notify(text: string, options: { kind?: NoticeKind; sticky?: boolean } = {}) {
  // The same text twice in a row (a double click, a retry loop) shows once.
  if (notices.some((notice) => notice.text === text)) return;
  const notice: Notice = {
    id: nextId++,
    text,
    kind: options.kind ?? 'error',
    sticky: options.sticky ?? false,
  };
  notices = [...notices.slice(-3), notice];
  emit();
  if (!notice.sticky) setTimeout(() => dismissNotice(notice.id), AUTO_DISMISS_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function NoticeArea() {
  const current = useSyncExternalStore(
    subscribe,
    () => notices,
    () => notices,
  );
  return (
    <div className="notice-area" aria-live="assertive">
      {current.map((notice) => (
        <div key={notice.id} role="alert" className={`notice notice--${notice.kind}`}>
          <p className="notice__text">{notice.text}</p>
          <button
            type="button"
            className="notice__close"
            onClick={() => dismissNotice(notice.id)}
            aria-label={t`Dismiss`}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
