import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import {
  MAX_ANONYMOUS_DURATION_SECONDS,
  MAX_DURATION_SECONDS,
  MAX_UPLOAD_BYTES,
  recordingMessages,
} from '../../../api/contract/recording-limits.ts';
import { notify } from '../../../components/ui/notices.tsx';
import {
  deleteRecording,
  interruptedRecordings,
  recordingBlob,
  updateRecording,
  type RecordingMeta,
} from '../../../lib/recording/recording-store.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { accepts, initialRecorder, transition, type RecorderButton } from '../recorder-machine.ts';
import { useRecordingSession } from './use-recording-session.ts';

/** What is played and saved: the recording just made (or recovered), or a chosen file. */
export type Take =
  { kind: 'recording'; meta: RecordingMeta } | { kind: 'file'; file: File; duration: number };

/** Reads a file's duration through an audio element (a file without one is refused). */
function probeDuration(file: File): Promise<number> {
  return new Promise((resolve, reject) => {
    const audio = new Audio();
    const url = URL.createObjectURL(file);
    const done = () => URL.revokeObjectURL(url);
    const timer = setTimeout(() => {
      done();
      reject(new Error(recordingMessages.metadataUnreadable));
    }, 15_000);
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => {
      clearTimeout(timer);
      done();
      if (!Number.isFinite(audio.duration) || audio.duration <= 0)
        reject(new Error(recordingMessages.durationUnknown));
      else resolve(audio.duration);
    };
    audio.onerror = () => {
      clearTimeout(timer);
      done();
      reject(new Error(recordingMessages.metadataUnreadable));
    };
    audio.src = url;
  });
}

/** The file's duration in seconds, or an error carrying the message the user is shown. */
async function checkAudioFile(file: File, anonymous: boolean): Promise<number> {
  if (file.size > MAX_UPLOAD_BYTES) throw new Error(recordingMessages.tooLarge);
  if (file.size === 0) throw new Error(recordingMessages.emptyFile);
  const duration = await probeDuration(file);
  if (duration > MAX_DURATION_SECONDS) throw new Error(recordingMessages.tooLong);
  if (anonymous && duration > MAX_ANONYMOUS_DURATION_SECONDS)
    throw new Error(recordingMessages.tooLongAnonymous);
  return duration;
}

/**
 * The recorder's flow: recording from the microphone, checking a chosen file, playing the take
 * back, recovering an interrupted recording and starting over. Every change of state is an event
 * of the recorder machine.
 */
export function useRecorder({ anonymous, sharedFile }: { anonymous: boolean; sharedFile?: File }) {
  const { t } = useLingui();
  const maxSeconds = anonymous ? MAX_ANONYMOUS_DURATION_SECONDS : MAX_DURATION_SECONDS;
  const [machine, send] = useReducer(transition, initialRecorder);
  const { state } = machine;
  const [take, setTake] = useState<Take | null>(null);
  const [recovery, setRecovery] = useState<RecordingMeta | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const playbackUrl = useRef<string | null>(null);
  const limitHit = useRef(false);

  const session = useRecordingSession({
    maxSeconds,
    onLimit: () => {
      if (limitHit.current) return;
      limitHit.current = true;
      notify(
        anonymous
          ? translateServerMessage(recordingMessages.tooLongAnonymous)
          : t`The recording stopped at the limit of ${maxSeconds / 60} minutes.`,
        { kind: 'info' },
      );
      void stopRecording();
    },
  });

  // An interrupted recording (crash, call, closed tab) is offered for recovery.
  useEffect(() => {
    void interruptedRecordings().then((found) =>
      setRecovery(found.sort((a, b) => b.startedAt - a.startedAt)[0] ?? null),
    );
  }, []);

  useEffect(
    () => () => {
      if (playbackUrl.current) URL.revokeObjectURL(playbackUrl.current);
    },
    [],
  );

  const chooseFile = useCallback(
    async (file: File) => {
      if (!accepts(state, 'UPLOAD')) return;
      send('UPLOAD');
      try {
        const duration = await checkAudioFile(file, anonymous);
        setTake({ kind: 'file', file, duration });
        send('FILE_ACCEPTED');
      } catch (error) {
        notify(translateServerMessage((error as Error).message));
        send('FILE_REJECTED');
      }
    },
    [state, anonymous],
  );

  // A shared file (the share target) arrives ready to publish.
  const sharedHandled = useRef(false);
  useEffect(() => {
    if (!sharedFile || sharedHandled.current) return;
    sharedHandled.current = true;
    void chooseFile(sharedFile);
  }, [sharedFile, chooseFile]);

  // playing_requested: load the take into the audio element and start it.
  useEffect(() => {
    if (state !== 'playing_requested' || !take || !audio.current) return;
    const element = audio.current;
    let cancelled = false;
    void (async () => {
      if (!playbackUrl.current) {
        const blob = take.kind === 'file' ? take.file : await recordingBlob(take.meta);
        playbackUrl.current = URL.createObjectURL(blob);
        element.src = playbackUrl.current;
      }
      if (cancelled) return;
      element.play().catch(() => send('PAUSE'));
    })();
    return () => {
      cancelled = true;
    };
  }, [state, take]);

  async function stopRecording() {
    const finished = await session.stop();
    if (finished && finished.chunkCount > 0) {
      setTake({ kind: 'recording', meta: finished });
      send('STOP');
    } else {
      send('RESET');
    }
  }

  /** The recorder's own buttons, except save (the save flow has its own hook). */
  async function press(button: Exclude<RecorderButton, 'save'>) {
    switch (button) {
      case 'record':
        if (state === 'paused_recording') {
          session.resume();
          send('RECORD');
        } else if (await session.start()) {
          limitHit.current = false;
          send('RECORD');
        }
        return;
      case 'pause':
        if (state === 'recording') session.pause();
        else audio.current?.pause();
        send('PAUSE');
        return;
      case 'stop':
        await stopRecording();
        return;
      case 'play':
        send('PLAY');
        return;
      case 'upload':
        fileInput.current?.click();
        return;
    }
  }

  async function startOver() {
    audio.current?.pause();
    if (playbackUrl.current) URL.revokeObjectURL(playbackUrl.current);
    playbackUrl.current = null;
    if (take?.kind === 'recording') await deleteRecording(take.meta.id);
    await session.discard();
    setTake(null);
    send('RESET');
  }

  async function recover() {
    if (!recovery) return;
    await updateRecording(recovery.id, { state: 'stopped' });
    session.adopt(recovery);
    setTake({ kind: 'recording', meta: recovery });
    send('RECOVER');
    setRecovery(null);
  }

  async function dropRecovery() {
    if (recovery) await deleteRecording(recovery.id);
    setRecovery(null);
  }

  const elapsedMs =
    take?.kind === 'file' && state !== 'recording' ? take.duration * 1000 : session.elapsedMs;

  return {
    state,
    take,
    maxSeconds,
    elapsedMs,
    bars: session.bars,
    microphoneProblem: session.problem,
    recovery,
    audio,
    fileInput,
    press,
    chooseFile,
    startOver,
    recover,
    dropRecovery,
    pausePlayback: () => audio.current?.pause(),
    onPlaybackStarted: () => send('PLAYBACK_STARTED'),
    onPlaybackEnded: () => send('PLAYBACK_ENDED'),
  };
}
