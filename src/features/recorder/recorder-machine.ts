/**
 * The recorder as one state machine. The states carry the product's own names for them; every
 * change of state is an event passed through `transition`, and an event the current state does
 * not list is refused: nothing changes.
 */
export type RecorderState =
  | 'empty'
  | 'recording'
  | 'paused_recording'
  | 'playing_requested'
  | 'playing'
  | 'paused_playing'
  | 'stopped'
  | 'processing'
  | 'file_selected';

export type RecorderEvent =
  /** Record (or resume) pressed, and the microphone runs. */
  | 'RECORD'
  /** Pause pressed, or the browser refused to start the playback. */
  | 'PAUSE'
  /** Stop pressed (or the length limit reached) with something recorded. */
  | 'STOP'
  | 'PLAY'
  | 'PLAYBACK_STARTED'
  | 'PLAYBACK_ENDED'
  /** A file was chosen with "Upload a file" or shared into the app; it is being checked. */
  | 'UPLOAD'
  | 'FILE_ACCEPTED'
  | 'FILE_REJECTED'
  /** An interrupted recording found on the device is taken up again. */
  | 'RECOVER'
  /** Start over, or a stop with nothing recorded. */
  | 'RESET';

/** Where the take comes from: a recording comes to rest in `stopped`, a file in `file_selected`. */
export type TakeSource = 'recording' | 'file';

export interface RecorderSnapshot {
  state: RecorderState;
  source: TakeSource | null;
}

export const initialRecorder: RecorderSnapshot = { state: 'empty', source: null };

/** The end of a playback: back to where the take rests. */
const AT_REST = 'at_rest';

const transitions: Record<
  RecorderState,
  Partial<Record<RecorderEvent, RecorderState | typeof AT_REST>>
> = {
  empty: { RECORD: 'recording', UPLOAD: 'processing', RECOVER: 'stopped' },
  recording: { PAUSE: 'paused_recording', STOP: 'stopped', RESET: 'empty' },
  paused_recording: { RECORD: 'recording', STOP: 'stopped', RESET: 'empty' },
  // A file that passed its checks starts playing at once.
  processing: { FILE_ACCEPTED: 'playing_requested', FILE_REJECTED: 'empty' },
  playing_requested: {
    PLAYBACK_STARTED: 'playing',
    PAUSE: 'paused_playing',
    PLAYBACK_ENDED: AT_REST,
    RESET: 'empty',
  },
  playing: { PAUSE: 'paused_playing', PLAYBACK_ENDED: AT_REST, RESET: 'empty' },
  paused_playing: { PLAY: 'playing_requested', RESET: 'empty' },
  stopped: { PLAY: 'playing_requested', RESET: 'empty' },
  file_selected: { PLAY: 'playing_requested', RESET: 'empty' },
};

/** Whether the state handles the event (otherwise `transition` refuses it). */
export function accepts(state: RecorderState, event: RecorderEvent): boolean {
  return transitions[state][event] !== undefined;
}

/** The recorder after the event; a refused event returns the same snapshot. */
export function transition(snapshot: RecorderSnapshot, event: RecorderEvent): RecorderSnapshot {
  const target = transitions[snapshot.state][event];
  if (target === undefined) return snapshot;
  if (target === AT_REST)
    return { ...snapshot, state: snapshot.source === 'file' ? 'file_selected' : 'stopped' };
  if (target === 'empty') return initialRecorder;
  if (event === 'RECORD' || event === 'RECOVER') return { state: target, source: 'recording' };
  if (event === 'FILE_ACCEPTED') return { state: target, source: 'file' };
  return { ...snapshot, state: target };
}

export type RecorderButton = 'record' | 'upload' | 'pause' | 'stop' | 'play' | 'save';

/** The buttons each state offers (empty → record, upload; recording → pause, stop; …). */
export function buttonsFor(state: RecorderState): readonly RecorderButton[] {
  switch (state) {
    case 'empty':
      return ['record', 'upload'];
    case 'recording':
      return ['pause', 'stop'];
    case 'paused_recording':
      return ['stop', 'record'];
    case 'processing':
      return [];
    default:
      // Stopped or playing (and a selected file) offers play, pause and save.
      return ['play', 'pause', 'save'];
  }
}

/** Which offered buttons can be pressed right now (pause only while playing, play only when not). */
export function isButtonEnabled(state: RecorderState, button: RecorderButton): boolean {
  if (button === 'pause')
    return state === 'recording' || state === 'playing' || state === 'playing_requested';
  if (button === 'play')
    return state === 'stopped' || state === 'paused_playing' || state === 'file_selected';
  return buttonsFor(state).includes(button);
}
