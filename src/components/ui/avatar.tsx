import { useState, useSyncExternalStore } from 'react';
import {
  avatarUrl,
  fallbackAvatarUrl,
  FALLBACK_AVATAR_COUNT,
  type AvatarSize,
} from '../../lib/media-urls.ts';

// The page-wide avatar reload event (docs/product/accounts.md "Profile images"): every avatar gets a new cache-busting query.
let reloadToken = '';
const listeners = new Set<() => void>();

export function reloadAllAvatars() {
  reloadToken = String(Math.floor(10000 + Math.random() * 90000));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Avatar({
  userId,
  size,
  version,
  alt = '',
  className,
}: {
  userId: number;
  size: AvatarSize;
  version?: string | null;
  alt?: string;
  className?: string;
}) {
  const token = useSyncExternalStore(
    subscribe,
    () => reloadToken,
    () => '',
  );
  const [fallback, setFallback] = useState<number | null>(null);
  const base = avatarUrl(userId, size, version);
  const src =
    fallback !== null
      ? fallbackAvatarUrl(fallback)
      : token
        ? `${base}${base.includes('?') ? '&' : '?'}r=${token}`
        : base;
  const shown = size > 64 ? size : Math.max(size, 40);
  return (
    <img
      src={src}
      alt={alt}
      width={shown}
      height={shown}
      className={`avatar ${className ?? ''}`}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (fallback === null) setFallback(1 + Math.floor(Math.random() * FALLBACK_AVATAR_COUNT));
      }}
    />
  );
}
