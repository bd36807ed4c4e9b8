import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TransportError } from '../../src/api/client.ts';
import {
  PRICE_POLL_MS,
  treasureHuntMessages,
  waveMessages,
} from '../../src/api/contract/constants.ts';
import { requestErrorText } from '../../src/features/accounts/api/request-errors.ts';
import {
  HIGHPASS_RANGE,
  hzToPosition,
  LOWPASS_RANGE,
  positionToHz,
  SLIDER_STEPS,
} from '../../src/features/playertest/filter-scale.ts';
import { drawnBarHeight, waveformBarHeight } from '../../src/features/recorder/waveform-bars.ts';
import { formatPrice, priceInputValue } from '../../src/features/treasure-hunt/money.ts';
import { latestPriceQuery } from '../../src/features/treasure-hunt/api/get-latest-price.ts';
import { flipWidthEms, priceGroups } from '../../src/features/treasure-hunt/price-flip-layout.ts';
import { activateLanguage, ensureFullCatalog } from '../../src/lib/i18n.ts';
import { translateServerMessage } from '../../src/lib/server-messages.ts';
import { clearStorageExcept, KEPT_ON_SIGN_OUT, storage } from '../../src/lib/storage.ts';

describe('sign-out’s local storage (docs/product/accounts.md "Sign-out")', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the language, the consent and the first-run flag, and clears everything else', () => {
    storage.set('language_code_ui', 'de');
    storage.set('cookieConsent', 'accepted');
    storage.set('welcomemessage', 'true');
    storage.set('user', { json_web_token: 'x', user_id: 7, username: 'sam-river7' });
    storage.set('signedIn_username', 'sam-river7');
    storage.set('player-volume', '40');
    storage.set('autoplay', 'false');
    storage.set('player-rate', '1.5');
    storage.set('last_used_channel_id', '3');
    storage.set('phone-last-country', 'DE');
    storage.set('enableDudeMode', 'true');
    localStorage.setItem('some-other-module', 'x');

    clearStorageExcept(KEPT_ON_SIGN_OUT);

    expect(Object.fromEntries(Object.entries(localStorage))).toEqual({
      language_code_ui: 'de',
      cookieConsent: 'accepted',
      welcomemessage: 'true',
    });
  });
});

describe('request errors on the account screens', () => {
  beforeAll(async () => {
    await activateLanguage('en');
    await ensureFullCatalog();
  });

  it('say "Server error" when the server itself fails', () => {
    expect(requestErrorText(new TransportError('Error response from server: 503', 503))).toBe(
      'Server error (503). Please try again in a moment.',
    );
    expect(requestErrorText(new TransportError('unknown error', 302))).toBe('Unknown error');
  });
});

describe('the recorder’s level meter (docs/product/recording.md "Recorder states")', () => {
  it('is 550 × the amplitude, at least 1, drawn at that height up to the canvas’s edge', () => {
    expect(waveformBarHeight(0)).toBe(1);
    expect(waveformBarHeight(0.1)).toBeCloseTo(55);
    expect(waveformBarHeight(0.2)).toBeCloseTo(110);
    // Drawn 1:1 (no longer scaled to 0.78 of it), cut off only by the canvas.
    expect(drawnBarHeight(waveformBarHeight(0.2), 180)).toBeCloseTo(110);
    expect(drawnBarHeight(waveformBarHeight(0.5), 180)).toBe(180);
  });
});

describe('treasure-hunt prices on screen', () => {
  it('are Australian dollars the original’s way in English, and German in German', () => {
    expect(formatPrice(55, 'AUD', 'en')).toBe('$55.00');
    expect(formatPrice(1234.5, 'AUD', 'de')).toBe('1.234,50\u00a0AU$');
    expect(formatPrice(10, 'USD', 'en')).toBe('US$10.00');
    expect(formatPrice(10, 'EUR', 'en')).toBe('€10.00');
    expect(priceInputValue(55.5, 'de')).toBe('55,50');
    expect(priceInputValue(55.5, 'en')).toBe('55.50');
  });
});

describe('the auction’s price polling', () => {
  const interval = (state: { status: string; data?: { is_price_at_bottom: boolean } }) => {
    const option = latestPriceQuery(1).refetchInterval;
    if (typeof option !== 'function') throw new Error('refetchInterval is not a function');
    return option({ state } as never);
  };

  it('asks every 5 seconds until the price is at its bottom, and on after a failure', () => {
    expect(PRICE_POLL_MS).toBe(5000);
    expect(interval({ status: 'pending' })).toBe(5000);
    expect(interval({ status: 'success', data: { is_price_at_bottom: false } })).toBe(5000);
    expect(interval({ status: 'error' })).toBe(5000);
    expect(interval({ status: 'success', data: { is_price_at_bottom: true } })).toBe(false);
  });
});

describe('the flip-style price’s layout', () => {
  it('keeps the amount whole and sets the currency apart, in English and German', () => {
    expect(priceGroups(formatPrice(435, 'AUD', 'en'))).toEqual([
      { kind: 'amount', text: '$435.00' },
    ]);
    expect(priceGroups(formatPrice(390, 'AUD', 'de'))).toEqual([
      { kind: 'amount', text: '390,00' },
      { kind: 'space', text: '\u00a0' },
      { kind: 'unit', text: 'AU$' },
    ]);
    expect(priceGroups(formatPrice(12, 'CHF', 'en')).map((group) => group.kind)).toEqual([
      'unit',
      'space',
      'amount',
    ]);
  });

  it('measures a longer price wider, so its type is set smaller', () => {
    const width = (amount: number) => flipWidthEms(priceGroups(formatPrice(amount, 'AUD', 'de')));
    expect(width(5)).toBeLessThan(width(435));
    expect(width(435)).toBeLessThan(width(1_000_000));
    // A German price with its currency is no wider than its digits would be as cards.
    expect(width(390)).toBeLessThan(10 * 0.9);
  });
});

describe('the filter page’s sliders', () => {
  it('cover each cut-off range on a logarithmic scale, and round-trip', () => {
    expect(positionToHz(0, HIGHPASS_RANGE)).toBe(20);
    expect(positionToHz(SLIDER_STEPS, HIGHPASS_RANGE)).toBe(5000);
    expect(positionToHz(SLIDER_STEPS / 2, LOWPASS_RANGE)).toBe(2000);
    for (const hz of [20, 100, 440, 1000, 5000]) {
      expect(
        Math.abs(positionToHz(hzToPosition(hz, HIGHPASS_RANGE), HIGHPASS_RANGE) - hz),
      ).toBeLessThanOrEqual(hz * 0.01);
    }
  });
});

describe('every treasure-hunt and sponsor message the server sends has German', () => {
  beforeAll(async () => {
    await activateLanguage('de');
    await ensureFullCatalog();
  });
  const messages = [
    ...Object.values(treasureHuntMessages),
    waveMessages.sponsorNameRequired,
    waveMessages.sponsorNameTooLong,
    waveMessages.sponsorAdminOnly,
  ];
  it.each(messages)('%s', (message) => {
    expect(translateServerMessage(message)).not.toBe(message);
  });
});
