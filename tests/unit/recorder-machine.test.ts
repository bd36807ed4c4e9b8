import { describe, expect, it } from 'vitest';
import {
  accepts,
  buttonsFor,
  initialRecorder,
  isButtonEnabled,
  transition,
  type RecorderEvent,
  type RecorderSnapshot,
  type RecorderState,
  type TakeSource,
} from '../../src/features/recorder/recorder-machine.ts';

// Written out here rather than read from the machine, so a state or event added there without a
// row below fails the type check (`satisfies`) and then the refusal table.
const states = Object.keys({
  empty: true,
  recording: true,
  paused_recording: true,
  playing_requested: true,
  playing: true,
  paused_playing: true,
  stopped: true,
  processing: true,
  file_selected: true,
} satisfies Record<RecorderState, true>) as RecorderState[];

const events = Object.keys({
  RECORD: true,
  PAUSE: true,
  STOP: true,
  PLAY: true,
  PLAYBACK_STARTED: true,
  PLAYBACK_ENDED: true,
  UPLOAD: true,
  FILE_ACCEPTED: true,
  FILE_REJECTED: true,
  RECOVER: true,
  RESET: true,
} satisfies Record<RecorderEvent, true>) as RecorderEvent[];

type Source = TakeSource | null;

/** Every accepted transition: [state, source, event, next state, next source]. */
const accepted: [RecorderState, Source, RecorderEvent, RecorderState, Source][] = [
  ['empty', null, 'RECORD', 'recording', 'recording'],
  ['empty', null, 'UPLOAD', 'processing', null],
  ['empty', null, 'RECOVER', 'stopped', 'recording'],
  ['recording', 'recording', 'PAUSE', 'paused_recording', 'recording'],
  ['recording', 'recording', 'STOP', 'stopped', 'recording'],
  ['recording', 'recording', 'RESET', 'empty', null],
  ['paused_recording', 'recording', 'RECORD', 'recording', 'recording'],
  ['paused_recording', 'recording', 'STOP', 'stopped', 'recording'],
  ['paused_recording', 'recording', 'RESET', 'empty', null],
  ['processing', null, 'FILE_ACCEPTED', 'playing_requested', 'file'],
  ['processing', null, 'FILE_REJECTED', 'empty', null],
  ['playing_requested', 'recording', 'PLAYBACK_STARTED', 'playing', 'recording'],
  ['playing_requested', 'recording', 'PAUSE', 'paused_playing', 'recording'],
  ['playing_requested', 'recording', 'PLAYBACK_ENDED', 'stopped', 'recording'],
  ['playing_requested', 'file', 'PLAYBACK_ENDED', 'file_selected', 'file'],
  ['playing_requested', 'recording', 'RESET', 'empty', null],
  ['playing', 'recording', 'PAUSE', 'paused_playing', 'recording'],
  ['playing', 'recording', 'PLAYBACK_ENDED', 'stopped', 'recording'],
  ['playing', 'file', 'PLAYBACK_ENDED', 'file_selected', 'file'],
  ['playing', 'file', 'RESET', 'empty', null],
  ['paused_playing', 'recording', 'PLAY', 'playing_requested', 'recording'],
  ['paused_playing', 'file', 'PLAY', 'playing_requested', 'file'],
  ['paused_playing', 'recording', 'RESET', 'empty', null],
  ['stopped', 'recording', 'PLAY', 'playing_requested', 'recording'],
  ['stopped', 'recording', 'RESET', 'empty', null],
  ['file_selected', 'file', 'PLAY', 'playing_requested', 'file'],
  ['file_selected', 'file', 'RESET', 'empty', null],
];

const acceptedPairs = new Set(accepted.map(([state, , event]) => `${state} ${event}`));
const refused = states.flatMap((state) =>
  events
    .filter((event) => !acceptedPairs.has(`${state} ${event}`))
    .map((event): [RecorderState, RecorderEvent] => [state, event]),
);

describe('recorder state machine', () => {
  it.each(accepted)('%s (%s) --%s--> %s (%s)', (state, source, event, nextState, nextSource) => {
    expect(accepts(state, event)).toBe(true);
    expect(transition({ state, source }, event)).toEqual({ state: nextState, source: nextSource });
  });

  it('lists every state and event in the tables above', () => {
    expect(states).toHaveLength(9);
    expect(events).toHaveLength(11);
    expect(acceptedPairs.size + refused.length).toBe(states.length * events.length);
  });

  it.each(refused)('%s refuses %s and stays as it is', (state, event) => {
    expect(accepts(state, event)).toBe(false);
    for (const source of [null, 'recording', 'file'] as const) {
      const snapshot: RecorderSnapshot = { state, source };
      expect(transition(snapshot, event)).toBe(snapshot);
    }
  });

  it('starts empty, with no take', () => {
    expect(initialRecorder).toEqual({ state: 'empty', source: null });
  });

  it('a chosen file, played to its end, rests in file_selected; a recording in stopped', () => {
    const file = ['UPLOAD', 'FILE_ACCEPTED', 'PLAYBACK_STARTED', 'PLAYBACK_ENDED'] as const;
    expect(file.reduce(transition, initialRecorder)).toEqual({
      state: 'file_selected',
      source: 'file',
    });
    const recording = ['RECORD', 'STOP', 'PLAY', 'PLAYBACK_STARTED', 'PLAYBACK_ENDED'] as const;
    expect(recording.reduce(transition, initialRecorder)).toEqual({
      state: 'stopped',
      source: 'recording',
    });
  });

  it('offers exactly the buttons of each state', () => {
    expect(buttonsFor('empty')).toEqual(['record', 'upload']);
    expect(buttonsFor('recording')).toEqual(['pause', 'stop']);
    expect(buttonsFor('paused_recording')).toEqual(['stop', 'record']);
    for (const state of ['stopped', 'playing', 'paused_playing', 'file_selected'] as const) {
      expect(buttonsFor(state)).toEqual(['play', 'pause', 'save']);
    }
  });

  it('enables pause only while something plays or records', () => {
    expect(isButtonEnabled('stopped', 'pause')).toBe(false);
    expect(isButtonEnabled('playing', 'pause')).toBe(true);
    expect(isButtonEnabled('playing', 'play')).toBe(false);
    expect(isButtonEnabled('stopped', 'save')).toBe(true);
  });
});
