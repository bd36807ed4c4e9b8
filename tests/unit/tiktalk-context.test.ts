import { describe, expect, it } from 'vitest';
import { feedSource } from '../../src/features/tiktalk/api/get-feed-page.ts';
import {
  MAX_OPENED,
  parseStack,
  popContext,
  pushContext,
  stackKey,
  stackSearch,
  topContext,
} from '../../src/features/tiktalk/feed-context.ts';

describe('the feed’s context stack', () => {
  it('starts at For You with nothing opened', () => {
    const stack = parseStack(undefined, undefined);
    expect(stack).toEqual({ tab: 'foryou', opened: [] });
    expect(topContext(stack)).toEqual({ kind: 'tab', tab: 'foryou' });
    expect(stackSearch(stack)).toEqual({});
  });

  it('reads a tab and the opened contexts from the address and writes them back the same', () => {
    const stack = parseStack('discover', 'c.allgemein~u.jürgen-1~r.aB3dE5fG7h');
    expect(stack).toEqual({
      tab: 'discover',
      opened: [
        { kind: 'channel', channelName: 'allgemein' },
        { kind: 'user', username: 'jürgen-1' },
        { kind: 'replies', waveName: 'aB3dE5fG7h' },
      ],
    });
    expect(stackSearch(stack)).toEqual({
      tab: 'discover',
      open: 'c.allgemein~u.jürgen-1~r.aB3dE5fG7h',
    });
    expect(stackKey(stack)).toBe('r.aB3dE5fG7h');
  });

  it('leaves out what it cannot read instead of failing', () => {
    expect(parseStack('nonsense', 'x.y~c.~u.a b~c.ok~r.<script>')).toEqual({
      tab: 'foryou',
      opened: [{ kind: 'channel', channelName: 'ok' }],
    });
  });

  it('pushes on top, pops back, and does not push the same context twice in a row', () => {
    const home = parseStack('following', undefined);
    const channel = pushContext(home, { kind: 'channel', channelName: 'news' });
    expect(topContext(channel)).toEqual({ kind: 'channel', channelName: 'news' });
    expect(pushContext(channel, { kind: 'channel', channelName: 'news' })).toBe(channel);
    const user = pushContext(channel, { kind: 'user', username: 'ada' });
    expect(popContext(user)).toEqual(channel);
    expect(popContext(popContext(user))).toEqual(home);
  });

  it('keeps at most MAX_OPENED contexts, dropping the oldest', () => {
    let stack = parseStack(undefined, undefined);
    for (let i = 0; i < MAX_OPENED + 3; i++) {
      stack = pushContext(stack, { kind: 'user', username: `user${i}` });
    }
    expect(stack.opened).toHaveLength(MAX_OPENED);
    expect(stack.opened[0]).toEqual({ kind: 'user', username: 'user3' });
  });

  it('reads For You and Discover in the interface language, Following and Library only when signed in', () => {
    const anonymous = { language: 'de', userId: null, username: null };
    const member = { language: 'en', userId: 7, username: 'ada-lovelace' };
    const tab = (name: 'foryou' | 'discover' | 'following' | 'library') =>
      ({ kind: 'tab', tab: name }) as const;
    expect(feedSource(tab('foryou'), anonymous)).toEqual({
      kind: 'list',
      list: { kind: 'newest', language: 'de' },
    });
    expect(feedSource(tab('discover'), member)).toEqual({
      kind: 'list',
      list: { kind: 'trending', language: 'en' },
    });
    expect(feedSource(tab('following'), anonymous)).toBeNull();
    expect(feedSource(tab('following'), member)).toEqual({
      kind: 'list',
      list: { kind: 'following', userId: 7 },
    });
    expect(feedSource(tab('library'), anonymous)).toBeNull();
    expect(feedSource(tab('library'), member)).toEqual({
      kind: 'list',
      list: { kind: 'user', username: 'ada-lovelace' },
    });
    expect(feedSource({ kind: 'replies', waveName: 'abcd1234' }, anonymous)).toEqual({
      kind: 'replies',
      waveName: 'abcd1234',
    });
  });
});
