import { useEffect, useRef, useState } from 'react';
import type RecordRTC from 'recordrtc';
import {
  appendChunk,
  beginRecording,
  deleteRecording,
  updateRecording,
  type RecordingMeta,
} from '../../../lib/recording/recording-store.ts';
import { waveformBarHeight } from '../waveform-bars.ts';

/** The best container the browser records (webm/opus, or mp4 on Safari). */
export function preferredMimeType(): string {
  const candidates = ['audio/webm;codecs=opus', 'audio/mp4', 'audio/webm', 'audio/ogg;codecs=opus'];
  if (typeof MediaRecorder === 'undefined') return 'audio/webm';
  return candidates.find((type) => MediaRecorder.isTypeSupported(type)) ?? 'audio/webm';
}

const CHUNK_MS = 3000;
const WAVEFORM_BARS = 120;

export type MicrophoneProblem = 'denied' | 'missing' | 'unsupported' | null;

/**
 * One recording: microphone, recordrtc in timeslices whose chunks go to IndexedDB as they are
 * produced (nothing accumulates in memory), the live waveform and the elapsed time.
 */
export function useRecordingSession(options: { maxSeconds: number; onLimit: () => void }) {
  const [meta, setMeta] = useState<RecordingMeta | null>(null);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [bars, setBars] = useState<number[]>([]);
  const [problem, setProblem] = useState<MicrophoneProblem>(null);
  const recorder = useRef<RecordRTC | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const audioContext = useRef<AudioContext | null>(null);
  const metaRef = useRef<RecordingMeta | null>(null);
  const writes = useRef<Promise<void>>(Promise.resolve());
  const clock = useRef({ startedAt: 0, before: 0, running: false });
  const frame = useRef(0);
  const limitRef = useRef(options);
  useEffect(() => {
    limitRef.current = options;
  });

  const elapsedNow = () =>
    clock.current.before +
    (clock.current.running ? performance.now() - clock.current.startedAt : 0);

  const stopMeters = () => {
    cancelAnimationFrame(frame.current);
    void audioContext.current?.close().catch(() => undefined);
    audioContext.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };

  useEffect(() => () => stopMeters(), []);

  const startMeters = (media: MediaStream) => {
    const context = new AudioContext();
    audioContext.current = context;
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(media).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const ring: number[] = [];
    let lastBar = 0;
    const draw = (now: number) => {
      frame.current = requestAnimationFrame(draw);
      const elapsed = elapsedNow();
      setElapsedMs(Math.floor(elapsed / 250) * 250);
      if (elapsed / 1000 >= limitRef.current.maxSeconds) limitRef.current.onLimit();
      if (!clock.current.running || now - lastBar < 80) return;
      lastBar = now;
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128) / 128);
      ring.push(waveformBarHeight(peak));
      if (ring.length > WAVEFORM_BARS) ring.shift();
      setBars([...ring]);
    };
    frame.current = requestAnimationFrame(draw);
  };

  const persist = (blob: Blob) => {
    // Chunks are written in order, one after another; stop() waits for the queue to drain.
    writes.current = writes.current.then(async () => {
      const current = metaRef.current;
      if (!current || blob.size === 0) return;
      const next = await appendChunk(current, await blob.arrayBuffer(), elapsedNow());
      metaRef.current = next;
      setMeta(next);
      // recordrtc also keeps every chunk for its own final blob; we never use that, so drop it.
      const internal = recorder.current?.getInternalRecorder() as
        { getArrayOfBlobs?: () => Blob[] } | undefined;
      internal?.getArrayOfBlobs?.().splice(0);
    });
  };

  const start = async (): Promise<boolean> => {
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('unsupported');
      return false;
    }
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch (error) {
      const name = (error as DOMException).name;
      setProblem(
        name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'denied',
      );
      return false;
    }
    stream.current = media;
    const mimeType = preferredMimeType();
    const { default: RecordRTCClass } = await import('recordrtc');
    const created = await beginRecording(crypto.randomUUID(), mimeType);
    metaRef.current = created;
    setMeta(created);
    setBars([]);
    recorder.current = new RecordRTCClass(media, {
      type: 'audio',
      mimeType: mimeType as RecordRTC.Options['mimeType'],
      recorderType: RecordRTCClass.MediaStreamRecorder,
      timeSlice: CHUNK_MS,
      disableLogs: true,
      ondataavailable: persist,
    });
    recorder.current.startRecording();
    clock.current = { startedAt: performance.now(), before: 0, running: true };
    startMeters(media);
    return true;
  };

  const pause = () => {
    recorder.current?.pauseRecording();
    clock.current = { ...clock.current, before: elapsedNow(), running: false };
  };

  const resume = () => {
    recorder.current?.resumeRecording();
    clock.current = { ...clock.current, startedAt: performance.now(), running: true };
  };

  /** Stops and waits until every chunk is in IndexedDB; returns the finished recording. */
  const stop = async (): Promise<RecordingMeta | null> => {
    const active = recorder.current;
    const finalElapsed = elapsedNow();
    clock.current = { ...clock.current, before: finalElapsed, running: false };
    if (active) await new Promise<void>((resolve) => active.stopRecording(() => resolve()));
    recorder.current = null;
    stopMeters();
    await writes.current;
    const current = metaRef.current;
    if (!current) return null;
    await updateRecording(current.id, { state: 'stopped', durationMs: finalElapsed });
    const finished = { ...current, state: 'stopped' as const, durationMs: finalElapsed };
    metaRef.current = finished;
    setMeta(finished);
    setElapsedMs(finalElapsed);
    return finished;
  };

  const discard = async () => {
    recorder.current?.stopRecording(() => undefined);
    recorder.current = null;
    stopMeters();
    await writes.current;
    if (metaRef.current) await deleteRecording(metaRef.current.id);
    metaRef.current = null;
    setMeta(null);
    setElapsedMs(0);
    setBars([]);
  };

  const adopt = (recovered: RecordingMeta) => {
    metaRef.current = recovered;
    setMeta(recovered);
    setElapsedMs(recovered.durationMs);
  };

  return { meta, elapsedMs, bars, problem, start, pause, resume, stop, discard, adopt };
}
