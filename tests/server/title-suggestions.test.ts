import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WAVE_TITLE_MAX, WAVE_TITLE_MIN } from '../../src/api/contract/constants.ts';
import { suggestTitles, type TitleFacts } from '../../server/services/title-suggestions.ts';

const facts = (overrides: Partial<TitleFacts> = {}): TitleFacts => ({
  title: '',
  description: '',
  displayname: 'Ada',
  username: 'ada-lovelace1',
  channel_name: 'general',
  duration: 185,
  language_code_ui: 'en',
  parent_title: null,
  ...overrides,
});

describe('suggested titles (ai_headlines)', () => {
  it('come from the wave’s own facts, in its language', () => {
    expect(
      suggestTitles(
        facts({ description: 'Notes from the harbour. More later.', parent_title: 'Boats' }),
      ),
    ).toEqual(['Notes from the harbour.', 'Re: Boats', 'A 3-minute message from Ada']);
    expect(suggestTitles(facts({ language_code_ui: 'de', duration: 42, displayname: '' }))).toEqual(
      ['42-Sekunden-Nachricht von @ada-lovelace1', '@ada-lovelace1 in #general'],
    );
    expect(suggestTitles(facts({ language_code_ui: 'de', parent_title: 'Boote' }))[0]).toBe(
      'AW: Boote',
    );
  });

  it('never repeat the current title and say nothing they do not know', () => {
    expect(suggestTitles(facts({ title: 'Ada in #general', duration: 0 }))).toEqual([]);
  });

  it('are always valid titles, at most three', () => {
    fc.assert(
      fc.property(
        fc.record({
          title: fc.string({ maxLength: 60 }),
          description: fc.string({ maxLength: 300 }),
          displayname: fc.string({ maxLength: 50 }),
          username: fc.stringMatching(/^[a-z0-9-]{5,30}$/),
          channel_name: fc.stringMatching(/^[a-z0-9_-]{1,20}$/),
          duration: fc.integer({ min: 0, max: 70 * 60 }),
          language_code_ui: fc.constantFrom('en', 'de'),
          parent_title: fc.option(fc.string({ maxLength: 55 })),
        }),
        (input) => {
          const suggestions = suggestTitles(input);
          expect(suggestions.length).toBeLessThanOrEqual(3);
          for (const suggestion of suggestions) {
            expect(suggestion.length).toBeGreaterThanOrEqual(WAVE_TITLE_MIN);
            expect(suggestion.length).toBeLessThanOrEqual(WAVE_TITLE_MAX);
            expect(suggestion).toBe(suggestion.trim());
            expect(suggestion.toLowerCase()).not.toBe(input.title.trim().toLowerCase());
          }
          expect(new Set(suggestions.map((s) => s.toLowerCase())).size).toBe(suggestions.length);
        },
      ),
    );
  });
});
