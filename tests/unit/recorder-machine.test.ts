import { describe, expect, it } from 'vitest';
import {
  buttonsFor,
  isButtonEnabled,
  nextRecorderState,
  type RecorderEvent,
  type RecorderState,
} from '../../src/features/recorder/recorder-machine.ts';

const table: [RecorderState, RecorderEvent, RecorderState][] = [
  ['empty', 'RECORD', 'recording'],
  ['empty', 'UPLOAD', 'processing'],
  ['empty', 'RECOVER', 'stopped'],
  ['recording', 'PAUSE', 'paused_recording'],
  ['recording', 'STOP', 'stopped'],
  ['paused_recording', 'RECORD', 'recording'],
  ['paused_recording', 'STOP', 'stopped'],
  ['processing', 'FILE_ACCEPTED', 'playing_requested'],
  ['processing', 'FILE_REJECTED', 'empty'],
  ['playing_requested', 'PLAYBACK_STARTED', 'playing'],
  ['playing', 'PAUSE', 'paused_playing'],
  ['playing', 'PLAYBACK_ENDED', 'stopped'],
  ['paused_playing', 'PLAY', 'playing_requested'],
  ['stopped', 'PLAY', 'playing_requested'],
  ['file_selected', 'PLAY', 'playing_requested'],
  ['stopped', 'RESET', 'empty'],
];

describe('recorder state machine (spec content §4)', () => {
  it.each(table)('%s --%s--> %s', (from, event, to) => {
    expect(nextRecorderState(from, event)).toBe(to);
  });

  it('ignores events a state does not handle', () => {
    expect(nextRecorderState('empty', 'STOP')).toBe('empty');
    expect(nextRecorderState('recording', 'PLAY')).toBe('recording');
    expect(nextRecorderState('processing', 'RECORD')).toBe('processing');
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
