/**
 * The recorder's states and events exactly as spec content §4 "Recorder" names them, as one
 * transition table. Anything not in the table leaves the state unchanged.
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
  | 'RECORD'
  | 'PAUSE'
  | 'STOP'
  | 'PLAY'
  | 'PLAYBACK_STARTED'
  | 'PLAYBACK_ENDED'
  | 'UPLOAD'
  | 'FILE_ACCEPTED'
  | 'FILE_REJECTED'
  | 'RECOVER'
  | 'RESET';

const transitions: Record<RecorderState, Partial<Record<RecorderEvent, RecorderState>>> = {
  empty: { RECORD: 'recording', UPLOAD: 'processing', RECOVER: 'stopped' },
  recording: { PAUSE: 'paused_recording', STOP: 'stopped', RESET: 'empty' },
  paused_recording: { RECORD: 'recording', STOP: 'stopped', RESET: 'empty' },
  // Processing an uploaded file ends in playing_requested (spec).
  processing: { FILE_ACCEPTED: 'playing_requested', FILE_REJECTED: 'empty' },
  playing_requested: {
    PLAYBACK_STARTED: 'playing',
    PAUSE: 'paused_playing',
    PLAYBACK_ENDED: 'stopped',
    RESET: 'empty',
  },
  playing: { PAUSE: 'paused_playing', PLAYBACK_ENDED: 'stopped', STOP: 'stopped', RESET: 'empty' },
  paused_playing: { PLAY: 'playing_requested', STOP: 'stopped', RESET: 'empty' },
  stopped: { PLAY: 'playing_requested', RESET: 'empty' },
  file_selected: { PLAY: 'playing_requested', RESET: 'empty' },
};

export function nextRecorderState(state: RecorderState, event: RecorderEvent): RecorderState {
  return transitions[state][event] ?? state;
}

export type RecorderButton = 'record' | 'upload' | 'pause' | 'stop' | 'play' | 'save';

/** The buttons each state offers (spec: empty → record, upload; recording → pause, stop; …). */
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

/** After a file's playback ends it rests in file_selected rather than stopped. */
export function restingState(source: 'recording' | 'file'): RecorderState {
  return source === 'file' ? 'file_selected' : 'stopped';
}
