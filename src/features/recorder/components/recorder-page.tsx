import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { NewWaveBody } from '../../../api/contract/recording.ts';
import { useWaveMetadata } from '../../../api/get-wave-metadata.ts';
import {
  MAX_ANONYMOUS_DURATION_SECONDS,
  MAX_DURATION_SECONDS,
  MAX_UPLOAD_BYTES,
  recordingMessages,
} from '../../../api/contract/recording-limits.ts';
import { Captcha, type CaptchaHandle } from '../../../components/captcha/captcha.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { formatDuration } from '../../../lib/format.ts';
import {
  getRecording,
  interruptedRecordings,
  deleteRecording,
  recordingBlob,
  updateRecording,
  type RecordingMeta,
} from '../../../lib/recording/recording-store.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useSession } from '../../../lib/session.ts';
import { storage, storedLanguage } from '../../../lib/storage.ts';
import { enqueueUpload } from '../../../lib/upload-queue/upload-queue.ts';
import { createWaveNow } from '../api/create-wave.ts';
import { useChannelInfo } from '../api/get-channel-info.ts';
import { useRecordingSession } from '../hooks/use-recording-session.ts';
import {
  buttonsFor,
  isButtonEnabled,
  nextRecorderState,
  type RecorderButton,
  type RecorderEvent,
  type RecorderState,
} from '../recorder-machine.ts';
import { RecordingHelpBanner } from './recording-help-banner.tsx';
import { Waveform } from './waveform.tsx';
import './recorder.css';

export interface RecorderTarget {
  channelId?: number;
  replyTo?: string;
  backToPath: string;
  /** A file handed over by the share target, ready to publish. */
  sharedFile?: File;
}

type Source =
  { kind: 'recording'; meta: RecordingMeta } | { kind: 'file'; file: File; duration: number };

/** Reads a file's duration through an audio element (spec §5: must be determinable). */
function probeFile(file: File): Promise<number> {
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

/** The recorder (spec content §4 "Recorder" and "Upload flow"). */
export function RecorderPage({ channelId, replyTo, backToPath, sharedFile }: RecorderTarget) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const session = useSession();
  const anonymous = session.known && !session.signedIn;
  const maxSeconds = anonymous ? MAX_ANONYMOUS_DURATION_SECONDS : MAX_DURATION_SECONDS;
  const channel = useChannelInfo(channelId);
  const replyTarget = useWaveMetadata(replyTo ?? '', replyTo !== undefined);

  const [state, setState] = useState<RecorderState>('empty');
  const [source, setSource] = useState<Source | null>(null);
  const [title, setTitle] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [recovery, setRecovery] = useState<RecordingMeta | null>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const playbackUrl = useRef<string | null>(null);
  const limitHit = useRef(false);

  const send = useCallback(
    (event: RecorderEvent) =>
      setState((current) => {
        const next = nextRecorderState(current, event);
        return next === 'stopped' && source?.kind === 'file' ? 'file_selected' : next;
      }),
    [source],
  );

  const session$ = useRecordingSession({
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

  const acceptFile = useCallback(
    async (file: File) => {
      setState('processing');
      try {
        if (file.size > MAX_UPLOAD_BYTES) throw new Error(recordingMessages.tooLarge);
        if (file.size === 0) throw new Error(recordingMessages.emptyFile);
        const duration = await probeFile(file);
        if (duration > MAX_DURATION_SECONDS) throw new Error(recordingMessages.tooLong);
        if (anonymous && duration > MAX_ANONYMOUS_DURATION_SECONDS)
          throw new Error(recordingMessages.tooLongAnonymous);
        setSource({ kind: 'file', file, duration });
        setState(nextRecorderState('processing', 'FILE_ACCEPTED'));
      } catch (error) {
        notify(translateServerMessage((error as Error).message));
        setState(nextRecorderState('processing', 'FILE_REJECTED'));
      }
    },
    [anonymous],
  );

  // A shared file (the share target) arrives ready to publish.
  const sharedHandled = useRef(false);
  useEffect(() => {
    if (!sharedFile || sharedHandled.current) return;
    sharedHandled.current = true;
    void acceptFile(sharedFile);
  }, [sharedFile, acceptFile]);

  // playing_requested: load the audio (recording or file) and start it.
  useEffect(() => {
    if (state !== 'playing_requested' || !source || !audio.current) return;
    const element = audio.current;
    let cancelled = false;
    void (async () => {
      if (!playbackUrl.current) {
        const blob = source.kind === 'file' ? source.file : await recordingBlob(source.meta);
        playbackUrl.current = URL.createObjectURL(blob);
        element.src = playbackUrl.current;
      }
      if (cancelled) return;
      element.play().catch(() => send('PAUSE'));
    })();
    return () => {
      cancelled = true;
    };
  }, [state, source, send]);

  const stopRecording = async () => {
    const finished = await session$.stop();
    if (finished && finished.chunkCount > 0) {
      setSource({ kind: 'recording', meta: finished });
      setState((current) => nextRecorderState(current, 'STOP'));
    } else {
      setState('empty');
    }
  };

  const press = async (button: RecorderButton) => {
    switch (button) {
      case 'record':
        if (state === 'paused_recording') {
          session$.resume();
          send('RECORD');
        } else if (await session$.start()) {
          limitHit.current = false;
          send('RECORD');
        }
        return;
      case 'pause':
        if (state === 'recording') {
          session$.pause();
          send('PAUSE');
        } else {
          audio.current?.pause();
          send('PAUSE');
        }
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
      case 'save':
        await save();
        return;
    }
  };

  const reset = async () => {
    audio.current?.pause();
    if (playbackUrl.current) URL.revokeObjectURL(playbackUrl.current);
    playbackUrl.current = null;
    if (source?.kind === 'recording') await deleteRecording(source.meta.id);
    await session$.discard();
    setSource(null);
    setTitle('');
    setState('empty');
  };

  const save = async () => {
    if (saving) {
      notify(translateServerMessage(recordingMessages.uploadInProgress));
      return;
    }
    if (!source) return;
    if (anonymous && !captcha) {
      setCaptchaError(translateServerMessage(recordingMessages.captchaRequired));
      notify(translateServerMessage(recordingMessages.captchaRequired));
      return;
    }
    const language = storedLanguage();
    if (!language) {
      notify(translateServerMessage(recordingMessages.languageInvalid));
      return;
    }
    if (channelId === undefined && replyTo === undefined) {
      notify(translateServerMessage(recordingMessages.missingChannel));
      return;
    }
    setSaving(true);
    audio.current?.pause();
    const id = crypto.randomUUID();
    const body: NewWaveBody = {
      language_code_ui: language,
      ...(replyTo ? { in_reply_to_wave_wave_name: replyTo } : { channel_id: channelId }),
      ...(title.trim() ? { title: title.trim() } : {}),
      ...(captcha ? { captcha } : {}),
    };
    try {
      const created = await createWaveNow({ ...body, idempotency_key: id });
      if (created.kind === 'refused') {
        // The captcha works once: a new one for the next attempt (spec §8).
        if (anonymous) captchaRef.current?.reset();
        const message = Object.values(created.fields)[0] ?? created.message;
        if (created.message === recordingMessages.cannotReplyToReply) {
          notify(translateServerMessage(recordingMessages.cannotReplyToReply));
          await navigate({ to: backToPath });
          return;
        }
        notify(translateServerMessage(message || recordingMessages.uploadFailed));
        return;
      }
      const common = {
        id,
        body,
        backToPath,
        ...(created.kind === 'created'
          ? { waveName: created.data.wave_name, uploadToken: created.data.upload_token }
          : {}),
      };
      if (source.kind === 'recording') {
        const meta = (await getRecording(source.meta.id)) ?? source.meta;
        await updateRecording(meta.id, { state: 'queued' });
        await enqueueUpload({
          ...common,
          source: { kind: 'recording', recordingId: meta.id },
          mimeType: meta.mimeType,
          bytes: meta.bytes,
        });
      } else {
        await enqueueUpload(
          {
            ...common,
            source: { kind: 'file', fileName: source.file.name },
            mimeType: source.file.type || 'application/octet-stream',
            bytes: source.file.size,
          },
          source.file,
        );
      }
      if (channelId !== undefined) storage.set('last_used_channel_id', String(channelId));
      notify(
        created.kind === 'offline'
          ? t`Saved on this device. It uploads as soon as you are online again.`
          : t`Your wave was saved. It should appear within a few minutes.`,
        { kind: 'success' },
      );
      await navigate({ to: backToPath });
    } finally {
      setSaving(false);
    }
  };

  const recover = async () => {
    if (!recovery) return;
    await updateRecording(recovery.id, { state: 'stopped' });
    session$.adopt(recovery);
    setSource({ kind: 'recording', meta: recovery });
    setState(nextRecorderState('empty', 'RECOVER'));
    setRecovery(null);
  };

  const dropRecovery = async () => {
    if (recovery) await deleteRecording(recovery.id);
    setRecovery(null);
  };

  const heading = replyTo
    ? t`Record a reply`
    : channel.data
      ? t`Record into /c/${channel.data.channel_name}`
      : t`Record a wave`;
  const elapsed =
    source?.kind === 'file' && state !== 'recording' ? source.duration * 1000 : session$.elapsedMs;
  const labels: Record<RecorderButton, string> = {
    record: state === 'paused_recording' ? t`Resume` : t`Record`,
    upload: t`Upload a file`,
    pause: t`Pause`,
    stop: t`Stop`,
    play: t`Play`,
    save: saving ? t`Saving…` : t`Save`,
  };
  const canSave = buttonsFor(state).includes('save');

  return (
    <section className="recorder page--narrow" aria-labelledby="recorder-title">
      <h1 id="recorder-title">{heading}</h1>
      {replyTo && replyTarget.data && (
        <p className="muted">
          <Trans>
            In reply to “{replyTarget.data.title || replyTarget.data.wave_name}” by @
            {replyTarget.data.username}
          </Trans>
        </p>
      )}
      {channelId !== undefined && channel.isError && (
        <p className="field__error" role="alert">
          <Trans>This channel does not exist.</Trans>{' '}
          <Link to="/recorder/{-$channel_id}" params={{ channel_id: undefined }}>
            <Trans>Choose another channel</Trans>
          </Link>
        </p>
      )}
      <RecordingHelpBanner />

      {recovery && state === 'empty' && (
        <div className="recorder__recovery card" role="status">
          <p>
            <Trans>
              An unsaved recording of {formatDuration(recovery.durationMs / 1000)} from{' '}
              {new Date(recovery.startedAt).toLocaleString()} was found on this device.
            </Trans>
          </p>
          <div className="recorder__row">
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => void recover()}
            >
              <Trans>Recover it</Trans>
            </button>
            <button
              type="button"
              className="button button--small"
              onClick={() => void dropRecovery()}
            >
              <Trans>Discard it</Trans>
            </button>
          </div>
        </div>
      )}

      <div className={`recorder__stage recorder__stage--${state}`}>
        <Waveform bars={session$.bars} active={state === 'recording'} />
        <p className="recorder__elapsed" aria-live="off">
          <span className="recorder__time">{formatDuration(elapsed / 1000)}</span>
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

      {session$.problem && (
        <div className="recorder__problem card" role="alert">
          {session$.problem === 'denied' ? (
            <p>
              <Trans>
                Waves cannot use your microphone. Allow microphone access for this site in your
                browser’s settings (the lock or camera icon next to the address), then press Record
                again.
              </Trans>
            </p>
          ) : session$.problem === 'missing' ? (
            <p>
              <Trans>No microphone was found. Connect one, or upload a recording instead.</Trans>
            </p>
          ) : (
            <p>
              <Trans>This browser cannot record audio. Upload a recording instead.</Trans>
            </p>
          )}
          <Link to={storedLanguage() === 'de' ? '/recordinghelp/de' : '/recordinghelp/en'}>
            <Trans>Recording help</Trans>
          </Link>
        </div>
      )}

      <div className="recorder__buttons" role="group" aria-label={t`Recorder`}>
        {buttonsFor(state).map((button) => (
          <button
            key={button}
            type="button"
            className={`button ${button === 'record' || button === 'save' ? 'button--primary' : ''} recorder__button recorder__button--${button}`}
            disabled={!isButtonEnabled(state, button) || (button === 'save' && saving)}
            onClick={() => void press(button)}
          >
            {button === 'record' && <span className="record-button__dot" aria-hidden="true" />}
            {labels[button]}
          </button>
        ))}
        {(canSave || state === 'paused_recording') && (
          <button
            type="button"
            className="button button--ghost recorder__button"
            onClick={() => void reset()}
          >
            <Trans>Start over</Trans>
          </button>
        )}
      </div>

      {canSave && (
        <div className="recorder__save form">
          <div className="field">
            <label className="field__label" htmlFor="wave-title">
              <Trans>Title (optional)</Trans>
            </label>
            <input
              id="wave-title"
              className="input"
              value={title}
              maxLength={55}
              onChange={(event) => setTitle(event.target.value)}
              aria-describedby="wave-title-hint"
            />
            <span id="wave-title-hint" className="field__hint">
              <Trans>3 to 55 characters</Trans>
            </span>
          </div>
          {anonymous && (
            <Captcha
              ref={captchaRef}
              onChange={(payload) => {
                setCaptcha(payload);
                if (payload) setCaptchaError(null);
              }}
              error={captchaError}
            />
          )}
        </div>
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
          if (file) void acceptFile(file);
        }}
      />
      <audio
        ref={audio}
        preload="auto"
        onPlaying={() => send('PLAYBACK_STARTED')}
        onEnded={() => send('PLAYBACK_ENDED')}
      />
    </section>
  );
}
