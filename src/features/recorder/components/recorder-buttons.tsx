import { Trans, useLingui } from '@lingui/react/macro';
import {
  buttonsFor,
  isButtonEnabled,
  type RecorderButton,
  type RecorderState,
} from '../recorder-machine.ts';

/** The buttons the state offers (record, upload, pause, stop, play, save) and "Start over". */
export function RecorderButtons({
  state,
  saving,
  onPress,
  onStartOver,
}: {
  state: RecorderState;
  saving: boolean;
  onPress: (button: RecorderButton) => void;
  onStartOver: () => void;
}) {
  const { t } = useLingui();
  const labels: Record<RecorderButton, string> = {
    record: state === 'paused_recording' ? t`Resume` : t`Record`,
    upload: t`Upload a file`,
    pause: t`Pause`,
    stop: t`Stop`,
    play: t`Play`,
    save: saving ? t`Saving…` : t`Save`,
  };
  const offered = buttonsFor(state);
  return (
    <div className="recorder__buttons" role="group" aria-label={t`Recorder`}>
      {offered.map((button) => (
        <button
          key={button}
          type="button"
          className={`button ${button === 'record' || button === 'save' ? 'button--primary' : ''} recorder__button recorder__button--${button}`}
          disabled={!isButtonEnabled(state, button) || (button === 'save' && saving)}
          onClick={() => onPress(button)}
        >
          {button === 'record' && <span className="record-button__dot" aria-hidden="true" />}
          {labels[button]}
        </button>
      ))}
      {(offered.includes('save') || state === 'paused_recording') && (
        <button
          type="button"
          className="button button--ghost recorder__button"
          onClick={onStartOver}
        >
          <Trans>Start over</Trans>
        </button>
      )}
    </div>
  );
}
