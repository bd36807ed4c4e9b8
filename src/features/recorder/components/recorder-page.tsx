import { useWaveMetadata } from '../../../api/get-wave-metadata.ts';
import { useSession } from '../../../lib/session.ts';
import { useChannelInfo } from '../api/get-channel-info.ts';
import { useRecorder } from '../hooks/use-recorder.ts';
import { useSaveTake, type RecorderTarget } from '../hooks/use-save-take.ts';
import { buttonsFor } from '../recorder-machine.ts';
import { MicrophoneProblemCard } from './microphone-problem-card.tsx';
import { RecorderButtons } from './recorder-buttons.tsx';
import { RecorderHeading } from './recorder-heading.tsx';
import { RecorderStage } from './recorder-stage.tsx';
import { RecoveryCard } from './recovery-card.tsx';
import { RecordingHelpBanner } from './recording-help-banner.tsx';
import { SaveFields } from './save-fields.tsx';
import './recorder.css';

/** The recorder: record or choose a file, play it back, save it into a channel or as a reply. */
export function RecorderPage({
  sharedFile,
  ...target
}: RecorderTarget & {
  /** A file handed over by the share target, ready to publish. */
  sharedFile?: File;
}) {
  const session = useSession();
  const anonymous = session.known && !session.signedIn;
  const channel = useChannelInfo(target.channelId);
  const replyTarget = useWaveMetadata(target.replyTo ?? '', target.replyTo !== undefined);
  const { audio, fileInput, ...recorder } = useRecorder({
    anonymous,
    ...(sharedFile ? { sharedFile } : {}),
  });
  const { state } = recorder;
  const saveTake = useSaveTake({
    take: recorder.take,
    target,
    anonymous,
    beforeSave: recorder.pausePlayback,
  });
  const canSave = buttonsFor(state).includes('save');

  return (
    <section className="recorder page--narrow" aria-labelledby="recorder-title">
      <RecorderHeading
        isReply={target.replyTo !== undefined}
        channelName={channel.data?.channel_name}
        groupName={channel.data?.is_chatgroup ? channel.data.description || undefined : undefined}
        replyTarget={replyTarget.data}
        channelMissing={target.channelId !== undefined && channel.isError}
      />
      <RecordingHelpBanner />
      {recorder.recovery && state === 'empty' && (
        <RecoveryCard
          recording={recorder.recovery}
          onRecover={() => void recorder.recover()}
          onDiscard={() => void recorder.dropRecovery()}
        />
      )}
      <RecorderStage
        state={state}
        bars={recorder.bars}
        elapsedMs={recorder.elapsedMs}
        maxSeconds={recorder.maxSeconds}
      />
      {recorder.microphoneProblem && <MicrophoneProblemCard problem={recorder.microphoneProblem} />}
      <RecorderButtons
        state={state}
        saving={saveTake.saving}
        onPress={(button) => void (button === 'save' ? saveTake.save() : recorder.press(button))}
        onStartOver={() => {
          saveTake.setTitle('');
          void recorder.startOver();
        }}
      />
      {canSave && (
        <SaveFields
          title={saveTake.title}
          onTitle={saveTake.setTitle}
          anonymous={anonymous}
          captchaRef={saveTake.captchaRef}
          onCaptcha={saveTake.onCaptcha}
          captchaError={saveTake.captchaError}
        />
      )}
      <input
        ref={fileInput}
        type="file"
        accept="audio/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void recorder.chooseFile(file);
        }}
      />
      <audio
        ref={audio}
        preload="auto"
        onPlaying={recorder.onPlaybackStarted}
        onEnded={recorder.onPlaybackEnded}
      />
    </section>
  );
}
