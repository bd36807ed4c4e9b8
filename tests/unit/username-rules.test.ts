import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backPathUsernameSchema,
  newUsernameSchema,
  signUpUsernameSchema,
} from '../../src/api/contract/auth.ts';
import {
  backPathUsernameKeys,
  backPathUsernameProblem,
  newUsernameProblem,
  signUpUsernameMessages,
  signUpUsernameProblem,
} from '../../src/api/contract/username-rules.ts';

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const digits = '0123456789'.split('');
const letterOrDigit = fc.constantFrom(...letters, ...digits);
const digit = fc.constantFrom(...digits);
const allowedChar = fc.constantFrom(...letters, ...digits, '-');
/** Characters outside letters, digits and hyphen (including non-ASCII letters and spaces). */
const disallowedChar = fc
  .oneof(
    fc.constantFrom('_', '.', ' ', '@', '!', 'é', 'ß', 'ü', '/', '+', '\t', '😀'),
    fc.string({ minLength: 1, maxLength: 1 }),
  )
  .filter((char) => !/^[A-Za-z0-9-]$/.test(char));

const stringOf = (char: fc.Arbitrary<string>, minLength: number, maxLength: number) =>
  fc.array(char, { minLength, maxLength }).map((chars) => chars.join(''));

/** Letters/digits/hyphens of a given length range, ending with a digit. */
const signUpValid = (min: number, max: number) =>
  fc.tuple(stringOf(allowedChar, min - 1, max - 1), digit).map(([body, last]) => body + last);

/** Back-path valid: words of letters/digits joined by single hyphens, no hyphen at either end. */
const backPathValid = fc
  .array(stringOf(letterOrDigit, 1, 6), { minLength: 1, maxLength: 4 })
  .map((words) => words.join('-'))
  .filter((name) => name.length >= 5 && name.length <= 21);

const zodMessage = (schema: typeof signUpUsernameSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('sign-up username rules (5–30, letters/digits/hyphens, ends with a digit)', () => {
  it('accepts every name of 5–30 letters, digits and hyphens that ends with a digit', () => {
    fc.assert(
      fc.property(signUpValid(5, 30), (name) => {
        expect(signUpUsernameProblem(name)).toBeNull();
        expect(zodMessage(signUpUsernameSchema, name)).toBeNull();
      }),
    );
  });

  it('says "minimum length is 5" for anything shorter than 5 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), (name) => {
        expect(signUpUsernameProblem(name)).toBe('minimum length is 5');
      }),
    );
  });

  it('says "maximum length is 30" for anything longer than 30 characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 31, maxLength: 80 }), (name) => {
        expect(signUpUsernameProblem(name)).toBe('maximum length is 30');
      }),
    );
  });

  it('says "username contains invalid characters" for a disallowed character anywhere', () => {
    fc.assert(
      fc.property(signUpValid(5, 29), disallowedChar, fc.nat(), (name, bad, position) => {
        const at = position % name.length;
        const broken = name.slice(0, at) + bad + name.slice(at);
        fc.pre(broken.length <= 30);
        expect(signUpUsernameProblem(broken)).toBe('username contains invalid characters');
      }),
    );
  });

  it('says "username must end with a number" when the last character is not a digit', () => {
    fc.assert(
      fc.property(stringOf(allowedChar, 4, 29), fc.constantFrom(...letters, '-'), (body, last) => {
        expect(signUpUsernameProblem(body + last)).toBe('username must end with a number');
      }),
    );
  });

  it('the zod schema trims and reports exactly the rule function’s message', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('', ' ', '  ', '\t'),
        (name, pad) => {
          const padded = pad + name + pad;
          expect(zodMessage(signUpUsernameSchema, padded)).toBe(
            signUpUsernameProblem(padded.trim()),
          );
        },
      ),
    );
    expect(Object.values(signUpUsernameMessages)).toEqual([
      'minimum length is 5',
      'maximum length is 30',
      'username contains invalid characters',
      'username must end with a number',
    ]);
  });
});

describe('back-path username rules (5–21, no leading/trailing/double hyphen)', () => {
  it('accepts hyphen-separated words of letters and digits, 5 to 21 characters', () => {
    fc.assert(
      fc.property(backPathValid, (name) => {
        expect(backPathUsernameProblem(name)).toBeNull();
        expect(zodMessage(backPathUsernameSchema, name)).toBeNull();
      }),
    );
  });

  it('requires a username', () => {
    expect(backPathUsernameProblem('')).toBe('validation_UsernameIsRequired');
    expect(zodMessage(backPathUsernameSchema, '   ')).toBe('validation_UsernameIsRequired');
    expect(zodMessage(backPathUsernameSchema, undefined)).toBe('validation_UsernameIsRequired');
  });

  it('reports validation_MinimumLengthIs under 5 and validation_MaximumLengthIs over 21', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 4 }), (name) => {
        expect(backPathUsernameProblem(name)).toBe('validation_MinimumLengthIs');
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 22, maxLength: 60 }), (name) => {
        expect(backPathUsernameProblem(name)).toBe('validation_MaximumLengthIs');
      }),
    );
  });

  it('reports a leading hyphen, then a trailing hyphen', () => {
    fc.assert(
      fc.property(stringOf(fc.oneof(allowedChar, disallowedChar), 4, 20), (rest) => {
        // An emoji is two UTF-16 units: keep the whole name within the length bounds.
        fc.pre(rest.length <= 20);
        expect(backPathUsernameProblem(`-${rest}`)).toBe('validation_CannotStartWithAHyphen');
      }),
    );
    fc.assert(
      fc.property(
        backPathValid.filter((name) => name.length <= 20),
        (name) => {
          expect(backPathUsernameProblem(`${name}-`)).toBe('validation_CannotEndWithAHyphen');
        },
      ),
    );
  });

  it('reports disallowed characters, then more than one hyphen in a row', () => {
    fc.assert(
      fc.property(
        backPathValid.filter((name) => name.length <= 19),
        disallowedChar,
        (name, bad) => {
          const broken = name[0] + bad + name.slice(1);
          fc.pre(broken.length <= 21);
          expect(backPathUsernameProblem(broken)).toBe('validation_DisallowedCharacters');
        },
      ),
    );
    fc.assert(
      fc.property(
        stringOf(letterOrDigit, 1, 8),
        fc.integer({ min: 2, max: 4 }),
        stringOf(letterOrDigit, 1, 8),
        (left, hyphens, right) => {
          const name = `${left}${'-'.repeat(hyphens)}${right}`;
          fc.pre(name.length >= 5 && name.length <= 21);
          expect(backPathUsernameProblem(name)).toBe(
            'validation_CannotHaveMoreThanOneHyphenInARow',
          );
        },
      ),
    );
  });

  it('only ever answers with the validation_* keys', () => {
    const keys = new Set<string>(Object.values(backPathUsernameKeys));
    expect([...keys]).toEqual([
      'validation_UsernameIsRequired',
      'validation_MinimumLengthIs',
      'validation_MaximumLengthIs',
      'validation_CannotStartWithAHyphen',
      'validation_CannotEndWithAHyphen',
      'validation_DisallowedCharacters',
      'validation_CannotHaveMoreThanOneHyphenInARow',
    ]);
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (name) => {
        const problem = backPathUsernameProblem(name);
        expect(problem === null || keys.has(problem)).toBe(true);
        expect(zodMessage(backPathUsernameSchema, name)).toBe(backPathUsernameProblem(name.trim()));
      }),
    );
  });
});

describe('a new account’s username (each rule set in its place)', () => {
  it('is the sign-up rules alone', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), signUpValid(5, 30)), (name) => {
        expect(newUsernameProblem(name)).toBe(signUpUsernameProblem(name));
        expect(zodMessage(newUsernameSchema, name)).toBe(newUsernameProblem(name.trim()));
      }),
    );
  });

  it('accepts 22 to 30 characters, which the back-path rule refuses', () => {
    const long = `${'a'.repeat(24)}1`;
    expect(newUsernameProblem(long)).toBeNull();
    expect(backPathUsernameProblem(long)).toBe('validation_MaximumLengthIs');
    expect(newUsernameProblem(`${'a'.repeat(29)}1`)).toBeNull();
    expect(newUsernameProblem(`${'a'.repeat(30)}1`)).toBe('maximum length is 30');
  });
});
