import { Trans, useLingui } from '@lingui/react/macro';
import { formatDuration } from '../../../lib/format.ts';
import type { RecorderState } from '../recorder-machine.ts';
import { Waveform } from './waveform.tsx';

/** The live waveform, the time recorded (or the file's length) against the limit, the status. */
export function RecorderStage({
  state,
  bars,
  elapsedMs,
  maxSeconds,
}: {
  state: RecorderState;
  bars: readonly number[];
  elapsedMs: number;
  maxSeconds: number;
}) {
  const { t } = useLingui();
  return (
    <div className={`recorder__stage recorder__stage--${state}`}>
      <Waveform bars={bars} active={state === 'recording'} />
      <p className="recorder__elapsed" aria-live="off">
        <span className="recorder__time">{formatDuration(elapsedMs / 1000)}</span>
        <span className="recorder__limit">
          <Trans>max {formatDuration(maxSeconds)}</Trans>
        </span>
      </p>
      <p className="visually-hidden" role="status">
        {state === 'recording'
          ? t`Recording`
          : state === 'paused_recording'
            ? t`Recording paused`
            : ''}
      </p>
      {state === 'processing' && (
        <p className="recorder__processing" role="status">
          <Trans>Checking the file…</Trans>
        </p>
      )}
    </div>
  );
}
