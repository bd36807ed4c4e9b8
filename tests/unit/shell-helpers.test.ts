import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetSignedInUser,
  isSignedInLocally,
  rememberSignedInUser,
  storage,
  storedLanguage,
  storedToken,
} from '../../src/lib/storage.ts';
import { withoutTrailingSlash } from '../../src/lib/trailing-slash.ts';

describe('trailing-slash redirect helper', () => {
  it.each([
    ['/newest/', '?a=1', '', '/newest?a=1'],
    ['/u/sam-river7/', '', '', '/u/sam-river7'],
    ['/c/general//', '?x=1&y=2', '#top', '/c/general?x=1&y=2#top'],
  ])('%s%s → %s', (path, search, hash, expected) => {
    expect(withoutTrailingSlash(path, search, hash)).toBe(expected);
  });

  it('leaves the root and paths without a trailing slash alone', () => {
    expect(withoutTrailingSlash('/')).toBeNull();
    expect(withoutTrailingSlash('/newest', '?a=1')).toBeNull();
  });
});

describe('the storage module (its keys)', () => {
  beforeEach(() => storage.clear());

  it('stores plain values under the product’s key names', () => {
    storage.set('cookieConsent', 'accepted');
    storage.set('player-volume', '70');
    expect(localStorage.getItem('cookieConsent')).toBe('accepted');
    expect(localStorage.getItem('player-volume')).toBe('70');
    expect(storage.get('player-volume')).toBe('70');
  });

  it('stores the user as JSON with its json_web_token, and survives a damaged value', () => {
    rememberSignedInUser({ json_web_token: 't', user_id: 3, username: 'sam-river7' });
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({
      json_web_token: 't',
      user_id: 3,
      username: 'sam-river7',
    });
    expect(storedToken()).toBe('t');
    expect(localStorage.getItem('signedIn_user_id')).toBe('3');
    localStorage.setItem('user', '{broken');
    expect(storage.get('user')).toBeNull();
  });

  it('counts "anonymous" or no username as not signed in', () => {
    expect(isSignedInLocally()).toBe(false);
    rememberSignedInUser({ json_web_token: null, user_id: 1, username: 'anonymous' });
    expect(isSignedInLocally()).toBe(false);
    rememberSignedInUser({ json_web_token: 't', user_id: 3, username: 'sam-river7' });
    expect(isSignedInLocally()).toBe(true);
    forgetSignedInUser();
    expect(isSignedInLocally()).toBe(false);
    expect(storage.get('user')).toBeNull();
  });

  it('accepts only supported languages', () => {
    expect(storedLanguage()).toBeNull();
    storage.set('language_code_ui', 'de');
    expect(storedLanguage()).toBe('de');
    localStorage.setItem('language_code_ui', 'fr');
    expect(storedLanguage()).toBeNull();
  });
});
