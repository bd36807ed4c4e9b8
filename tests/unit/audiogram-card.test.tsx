import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCardDate, formatCardDuration } from '../../src/lib/audiogram-card/card-format.ts';
import {
  CARD_GEOMETRY,
  CARD_ORIENTATIONS,
  parseCardOrientation,
} from '../../src/lib/audiogram-card/card-geometry.ts';
import { englishCardLabels } from '../../src/lib/audiogram-card/card-labels.ts';
import { AudiogramCard, CARD_COLORS } from '../../src/lib/audiogram-card/card-layout.tsx';
import { publicWaveUrl, qrPath } from '../../src/lib/audiogram-card/card-qr.ts';
import {
  normalizePeaks,
  peaksFromSamples,
  resamplePeaks,
} from '../../src/lib/audiogram-card/waveform-peaks.ts';

const labels = englishCardLabels;
const utc = { timeZone: 'UTC' };

describe('the card’s creation date', () => {
  it.each([
    ['2025-01-05T15:07:00Z', '05 Jan 25 3:07pm'],
    ['2025-01-05T00:07:00Z', '05 Jan 25 12:07am'],
    ['2025-12-31T12:00:00Z', '31 Dec 25 12:00pm'],
    ['2009-07-09T09:59:00Z', '09 Jul 09 9:59am'],
  ])('%s prints as %s', (iso, expected) => {
    expect(formatCardDate(iso, labels, utc)).toBe(expected);
  });

  it('accepts epoch milliseconds and Date objects and follows the time zone', () => {
    const moment = Date.UTC(2025, 0, 5, 15, 7);
    expect(formatCardDate(moment, labels, utc)).toBe('05 Jan 25 3:07pm');
    expect(formatCardDate(new Date(moment), labels, { timeZone: 'Europe/Berlin' })).toBe(
      '05 Jan 25 4:07pm',
    );
  });

  it('names the month in the card’s language', () => {
    expect(formatCardDate('2025-03-05T15:07:00Z', labels, { ...utc, locale: 'de' })).toBe(
      '05 Mär 25 3:07pm',
    );
  });

  it('prints "Invalid date" for missing or unparseable values', () => {
    for (const value of [null, undefined, '', 'not a date', Number.NaN, new Date('x')]) {
      expect(formatCardDate(value, labels, utc)).toBe('Invalid date');
    }
  });

  it('prints "Date error" when the value cannot be formatted', () => {
    expect(formatCardDate({ created: 'yesterday' }, labels, utc)).toBe('Date error');
    expect(formatCardDate(true, labels, utc)).toBe('Date error');
    expect(formatCardDate('2025-01-05T15:07:00Z', labels, { timeZone: 'Mars/Olympus' })).toBe(
      'Date error',
    );
  });
});

describe('the card’s duration', () => {
  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [187, '3:07'],
    [187.9, '3:07'],
    [3723, '1:02:03'],
    [-5, '0:00'],
    [Number.NaN, '0:00'],
  ])('%s seconds print as %s', (seconds, expected) => {
    expect(formatCardDuration(seconds)).toBe(expected);
  });
});

describe('card orientation', () => {
  it('knows landscape and portrait; anything else is square', () => {
    expect(parseCardOrientation('landscape')).toBe('landscape');
    expect(parseCardOrientation('portrait')).toBe('portrait');
    for (const other of ['square', 'PORTRAIT', '', undefined, 'wide', ['portrait']]) {
      expect(parseCardOrientation(other)).toBe('square');
    }
  });

  it('has the spec’s sizes, and the waveform inside its panel and the card', () => {
    expect(CARD_GEOMETRY.landscape).toMatchObject({ width: 1920, height: 1080 });
    expect(CARD_GEOMETRY.portrait).toMatchObject({ width: 1080, height: 1920 });
    expect(CARD_GEOMETRY.square).toMatchObject({ width: 1080, height: 1080 });
    for (const orientation of CARD_ORIENTATIONS) {
      const { panel, bars, width, height } = CARD_GEOMETRY[orientation];
      expect(bars.x).toBeGreaterThanOrEqual(panel.x);
      expect(bars.y).toBeGreaterThanOrEqual(panel.y);
      expect(bars.x + bars.width).toBeLessThanOrEqual(panel.x + panel.width);
      expect(bars.y + bars.height).toBeLessThanOrEqual(panel.y + panel.height);
      expect(panel.x + panel.width).toBeLessThanOrEqual(width);
      expect(panel.y + panel.height).toBeLessThanOrEqual(height);
      expect(bars.count * (bars.barWidth + bars.gap) - bars.gap).toBe(bars.width);
    }
  });
});

describe('waveform peaks', () => {
  it('follows the loudness of the audio, loudest = 1, silence a low floor', () => {
    const samples = [
      ...new Array<number>(100).fill(0),
      ...Array.from({ length: 100 }, (_, i) => (i % 2 ? 1000 : -1000)),
      ...Array.from({ length: 100 }, (_, i) => (i % 2 ? 4000 : -4000)),
    ];
    const [silence, quiet, loud] = peaksFromSamples(Int16Array.from(samples), 3);
    expect(loud).toBe(1);
    expect(quiet).toBeGreaterThan(silence!);
    expect(quiet).toBeLessThan(loud!);
    expect(silence).toBeGreaterThan(0);
    expect(peaksFromSamples([], 4)).toEqual(normalizePeaks([0, 0, 0, 0]));
  });

  it('resamples to any number of bars, keeping the loudest of what a bar covers', () => {
    expect(resamplePeaks([0.2, 0.9, 0.3, 0.4], 2)).toEqual([0.9, 0.4]);
    expect(resamplePeaks([0.5], 3)).toEqual([0.5, 0.5, 0.5]);
    expect(resamplePeaks([], 2)).toHaveLength(2);
  });
});

describe('the QR code', () => {
  it('points at the wave’s public page', () => {
    expect(publicWaveUrl('https://waves.example/', 'sam', 'aB3dE5')).toBe(
      'https://waves.example/u/sam/aB3dE5',
    );
    expect(publicWaveUrl('http://localhost:8080', 'jürgen', 'x y')).toBe(
      'http://localhost:8080/u/j%C3%BCrgen/x%20y',
    );
  });

  it('is drawn as one path of whole modules inside a square', () => {
    const { size, d } = qrPath('https://waves.example/u/sam/aB3dE5');
    expect(size).toBeGreaterThanOrEqual(21 + 4);
    expect(d).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
  });
});

describe('the card component', () => {
  afterEach(cleanup);

  /** The colour of the status tag that holds this word (the tag is the word's parent). */
  const tagColor = (word: string) => screen.getByText(word).parentElement?.style.color;

  const base = {
    avatarSrc: 'data:image/png;base64,',
    durationSeconds: 187,
    created: '2025-01-05T15:07:00Z',
    timeZone: 'UTC',
    qrUrl: 'https://waves.example/u/sam/aB3dE5',
    siteName: 'Waves',
    labels,
  };

  it('shows every field it is given at its orientation’s size', () => {
    const { container } = render(
      <AudiogramCard
        {...base}
        orientation="landscape"
        title="Morning walk"
        username="sam"
        displayName="Sam River"
        teamName="Sam’s team"
        channelName="general"
        description="Birds and a tram."
        published
        waveform={[0.1, 0.5, 1]}
      />,
    );
    const card = container.firstElementChild as HTMLElement;
    expect(card.style.width).toBe('1920px');
    expect(card.style.height).toBe('1080px');
    for (const text of [
      'Morning walk',
      'Sam River',
      '@sam',
      'Sam’s team · #general',
      'Birds and a tram.',
      'Published',
      '3:07',
      '05 Jan 25 3:07pm',
      'Scan to listen',
      'Waves',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByRole('img', { name: labels.qrCode })).toBeTruthy();
    expect(container.querySelectorAll('img')[0]?.getAttribute('src')).toBe(base.avatarSrc);
    // Published is green.
    expect(tagColor('Published')).toBe(CARD_COLORS.success);
  });

  it('falls back to the given words for a missing title and user, and marks drafts', () => {
    render(
      <AudiogramCard
        {...base}
        orientation="square"
        title="  "
        username={null}
        published={false}
        created="soon"
      />,
    );
    expect(screen.getByText('Untitled Wave')).toBeTruthy();
    expect(screen.getByText('@anonymous')).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    // Draft is red.
    expect(tagColor('Draft')).toBe(CARD_COLORS.danger);
    expect(screen.queryByText('Published')).toBeNull();
    expect(screen.getByText('Invalid date')).toBeTruthy();
  });
});
