import { Trans } from '@lingui/react/macro';
import { formatDuration } from '../../../lib/format.ts';
import type { RecordingMeta } from '../../../lib/recording/recording-store.ts';

/** An interrupted recording found on this device, with the choice to recover or discard it. */
export function RecoveryCard({
  recording,
  onRecover,
  onDiscard,
}: {
  recording: RecordingMeta;
  onRecover: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="recorder__recovery card" role="status">
      <p>
        <Trans>
          An unsaved recording of {formatDuration(recording.durationMs / 1000)} from{' '}
          {new Date(recording.startedAt).toLocaleString()} was found on this device.
        </Trans>
      </p>
      <div className="recorder__row">
        <button type="button" className="button button--primary button--small" onClick={onRecover}>
          <Trans>Recover it</Trans>
        </button>
        <button type="button" className="button button--small" onClick={onDiscard}>
          <Trans>Discard it</Trans>
        </button>
      </div>
    </div>
  );
}
