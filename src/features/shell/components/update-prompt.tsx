import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { applyUpdate, isUpdateWaiting, subscribeToUpdates } from '../../../lib/sw-bridge.ts';

/** Offers the reload that switches to a new version (the app never stays stuck on an old one). */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeToUpdates, isUpdateWaiting, () => false);
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status">
      <p>
        <Trans>A new version of Waves is available.</Trans>
      </p>
      <button type="button" className="button button--primary button--small" onClick={applyUpdate}>
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}
