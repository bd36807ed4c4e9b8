import { describe, expect, it } from 'vitest';
import { safeBackPath } from '../../src/lib/back-path.ts';

describe('recorder back path ', () => {
  it.each([
    ['/newest', '/newest'],
    ['/following', '/following'],
    ['/trending', '/trending'],
    ['/c/general', '/c/general'],
    ['/u/alice-77', '/u/alice-77'],
    ['/chat/g_7f3a-family', '/chat/g_7f3a-family'],
  ])('accepts %s', (input, expected) => expect(safeBackPath(input)).toBe(expected));

  it.each([
    [undefined],
    [''],
    ['https://evil.example/'],
    ['//evil.example'],
    ['/c/ab'],
    ['/u/-alice'],
    ['/u/al--ice'],
    ['/u/alice/extra'],
    ['/signin'],
    ['/c/abcdefghijklmnopqrstuvwxyz'],
    ['/c/bad%20name'],
    ['/chat/'],
    ['/chat/a/b'],
    ['/chat/bad%20name'],
    ['/chat/x?y=1'],
  ])('turns %s into /newest', (input) => expect(safeBackPath(input)).toBe('/newest'));
});
