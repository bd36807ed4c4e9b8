import { useState } from 'react';
import { coverUrl } from '../../../lib/media-urls.ts';

/**
 * A user's cover banner (1000×100; docs/product/accounts.md "Profile images"): their image, else a
 * preset banner, else the teal default the server sends. If even that fails to load, the teal
 * background remains.
 */
export function CoverImage({
  userId,
  version,
  priority = false,
  className = '',
}: {
  userId: number;
  version: string | null;
  /** Above the fold (the profile header): load at once. */
  priority?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`profiles-cover ${className}`}>
      {!failed && (
        <img
          src={coverUrl(userId, version)}
          alt=""
          width={1000}
          height={100}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}
