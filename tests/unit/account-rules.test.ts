import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authMessages,
  emailSchema,
  newPasswordSchema,
  signInFormSchema,
  signUpRequestSchema,
} from '../../src/api/contract/auth.ts';
import { captchaMessages } from '../../src/api/contract/captcha.ts';
import { languageCodeSchema } from '../../src/api/contract/common.ts';
import { GUEST_EMAIL } from '../../src/api/contract/constants.ts';
import {
  backPathUsernameKeys,
  signUpUsernameMessages,
} from '../../src/api/contract/username-rules.ts';
import {
  BROWSER_VALIDITY,
  COUNTRY_AND_REGION_REQUIRED,
  randomGuestPassword,
  requestResetProblem,
  resetPasswordProblem,
  safeBackToUrl,
  signUpSubmitProblem,
  type SignUpSubmitInput,
} from '../../src/features/accounts/forms/rules.ts';
import { activateLanguage, ensureFullCatalog } from '../../src/lib/i18n.ts';
import { translateServerMessage } from '../../src/lib/server-messages.ts';

const blank = fc.constantFrom('', ' ', '   ', '\t', '\n ');
const nonBlank = fc.string({ minLength: 1, maxLength: 30 }).filter((text) => text.trim() !== '');
const pad = fc.constantFrom('', ' ', '  ', '\t');

const firstError = (
  schema: {
    safeParse(value: unknown): {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return Object.fromEntries(
    result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]),
  );
};

describe('sign-in: e-mail and password required, e-mail checked, guest skips the checks', () => {
  it('lets the guest e-mail through with any password, trimmed and in any case', () => {
    fc.assert(
      fc.property(pad, fc.boolean(), fc.string({ maxLength: 20 }), (space, upper, password) => {
        const email = space + (upper ? GUEST_EMAIL.toUpperCase() : GUEST_EMAIL) + space;
        expect(signInFormSchema.safeParse({ email, password }).success).toBe(true);
      }),
    );
  });

  it('requires the e-mail and the password (blank counts as empty)', () => {
    fc.assert(
      fc.property(blank, blank, (email, password) => {
        expect(firstError(signInFormSchema, { email, password })).toEqual({
          email: 'this field is required',
          password: 'this field is required',
        });
      }),
    );
  });

  it('refuses what is not an e-mail address with "invalid email address"', () => {
    fc.assert(
      fc.property(
        nonBlank.filter((text) => !text.includes('@')),
        nonBlank,
        (email, password) => {
          expect(firstError(signInFormSchema, { email, password })).toEqual({
            email: 'invalid email address',
          });
        },
      ),
    );
  });

  it('accepts e-mail addresses and trims both values', () => {
    fc.assert(
      fc.property(fc.emailAddress(), nonBlank, pad, (email, password, space) => {
        const result = signInFormSchema.safeParse({
          email: space + email + space,
          password: space + password + space,
        });
        // fast-check's addresses are RFC 5322; the browser-style check accepts the common subset.
        fc.pre(result.success);
        expect(result.data).toEqual({ email, password: password.trim() });
      }),
    );
    expect(
      signInFormSchema.safeParse({ email: ' ada@example.com ', password: ' pw ' }).data,
    ).toEqual({
      email: 'ada@example.com',
      password: 'pw',
    });
  });
});

describe('sign-up values', () => {
  it('password: "password is too short" under 8 characters after trimming, at most 128', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 7 }), pad, (password, space) => {
        fc.pre(password.trim() !== '' && password.trim().length < 8);
        expect(firstError(newPasswordSchema, space + password + space)).toEqual({
          undefined: 'password is too short',
        });
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 128 }), (password) => {
        fc.pre(password.trim().length >= 8);
        expect(newPasswordSchema.safeParse(password).success).toBe(true);
      }),
    );
    expect(newPasswordSchema.safeParse('x'.repeat(129)).error?.issues[0]?.message).toBe(
      'password is too long',
    );
  });

  it('e-mail: trimmed and lower-cased; anything without @ is "invalid email address"', () => {
    fc.assert(
      fc.property(pad, (space) => {
        expect(emailSchema.parse(`${space}Ada.Lovelace@Example.COM${space}`)).toBe(
          'ada.lovelace@example.com',
        );
      }),
    );
    fc.assert(
      fc.property(
        nonBlank.filter((text) => !text.includes('@')),
        (email) => {
          expect(emailSchema.safeParse(email).error?.issues[0]?.message).toBe(
            'invalid email address',
          );
        },
      ),
    );
  });

  it('language must be en or de', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5 }), (language) => {
        expect(languageCodeSchema.safeParse(language).success).toBe(
          language === 'en' || language === 'de',
        );
      }),
    );
    expect(
      firstError(signUpRequestSchema, {
        username: 'sam-river7',
        email: 'a@example.com',
        password: 'long enough',
        usercountrycode: 'US',
        userregionname: 'California',
        language_code_ui: 'fr',
      }),
    ).toEqual({ language_code_ui: 'Language must be en or de' });
  });
});

describe('the order of the sign-up submit checks', () => {
  const values = fc.record({
    username: fc.oneof(fc.string({ maxLength: 12 }), fc.constant('sam-river7')),
    email: fc.oneof(blank, fc.constant('a@example.com')),
    password: fc.oneof(blank, fc.constant('long enough')),
    usercountrycode: fc.oneof(blank, fc.constant('US')),
    userregionname: fc.oneof(blank, fc.constant('California')),
    terms: fc.boolean(),
  });
  const input: fc.Arbitrary<SignUpSubmitInput> = fc.record({
    captcha: fc.oneof(fc.constant(null), fc.constant(''), fc.constant('payload')),
    usernameAccepted: fc.boolean(),
    browserValid: fc.boolean(),
    language: fc.oneof(fc.constant(null), fc.constant('en')),
    values,
  });

  it('asks for the captcha first, whatever else is wrong', () => {
    fc.assert(
      fc.property(input, (state) => {
        fc.pre(!state.captcha);
        expect(signUpSubmitProblem(state)).toBe('captcha required');
      }),
    );
  });

  it('then a valid username (the sign-up rules, and not refused by the server)', () => {
    fc.assert(
      fc.property(input, (state) => {
        fc.pre(Boolean(state.captcha));
        const usernameOk =
          /^[A-Za-z0-9-]{4,29}[0-9]$/.test(state.values.username.trim()) && state.usernameAccepted;
        if (!usernameOk) expect(signUpSubmitProblem(state)).toBe('username invalid');
        else expect(signUpSubmitProblem(state)).not.toBe('username invalid');
      }),
    );
  });

  it('then the browser’s validity, country and region, the stored language, and all fields', () => {
    fc.assert(
      fc.property(input, (state) => {
        const s = { ...state, captcha: 'payload', usernameAccepted: true };
        s.values = { ...s.values, username: 'sam-river7' };
        const v = s.values;
        const trimmed = [v.username, v.email, v.password, v.usercountrycode, v.userregionname].map(
          (value) => value.trim(),
        );
        let expected: string | null = null;
        if (!s.browserValid) expected = BROWSER_VALIDITY;
        else if (!trimmed[3] || !trimmed[4]) expected = COUNTRY_AND_REGION_REQUIRED;
        else if (!s.language) expected = 'language_code_ui is missing!';
        else if (trimmed.includes('') || !v.terms) expected = 'please fill out all fields';
        expect(signUpSubmitProblem(s)).toBe(expected);
      }),
    );
  });
});

describe('password reset forms', () => {
  it('an empty or blank field gives "please fill out all fields"', () => {
    fc.assert(
      fc.property(fc.oneof(blank, nonBlank), blank, fc.boolean(), (filled, empty, swap) => {
        const [a, b] = swap ? [empty, filled] : [filled, empty];
        expect(resetPasswordProblem(a, b)).toBe('please fill out all fields');
      }),
    );
  });

  it('different values give "passwords do not match"; equal ones (after trimming) pass', () => {
    fc.assert(
      fc.property(nonBlank, nonBlank, pad, (a, b, space) => {
        fc.pre(a.trim() !== b.trim());
        expect(resetPasswordProblem(a, b)).toBe('passwords do not match');
        expect(resetPasswordProblem(a, space + a + space)).toBeNull();
      }),
    );
  });

  it('the reset request needs an e-mail ("required field")', () => {
    fc.assert(
      fc.property(blank, (email) => {
        expect(requestResetProblem(email)).toBe('required field');
      }),
    );
    fc.assert(
      fc.property(nonBlank, (email) => {
        expect(requestResetProblem(email)).toBeNull();
      }),
    );
  });
});

describe('guest entry and the way back', () => {
  it('the guest password is random, 8 characters', () => {
    fc.assert(
      fc.property(fc.infiniteStream(fc.nat()), (stream) => {
        const iterator = stream[Symbol.iterator]();
        const password = randomGuestPassword((max) => iterator.next().value % max);
        expect(password).toHaveLength(8);
        expect(password).toMatch(/^[A-Za-z0-9]{8}$/);
      }),
    );
    expect(new Set(Array.from({ length: 20 }, () => randomGuestPassword())).size).toBe(20);
  });

  // Two property runs over generated URLs: room for a busy CI machine.
  it('follows only stored back-to URLs that are paths of this site', () => {
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        expect(safeBackToUrl(url)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(
        fc.webPath().filter((path) => path.startsWith('/') && !path.startsWith('//')),
        (path) => {
          fc.pre(!/^\/(signin|signout|signup|resetpassword)(\/|\?|$)/.test(path));
          expect(safeBackToUrl(path)).toBe(path);
        },
      ),
    );
    expect(safeBackToUrl('//evil.example/x')).toBeNull();
    expect(safeBackToUrl('/signin')).toBeNull();
    expect(safeBackToUrl('/u/sam-river7')).toBe('/u/sam-river7');
  }, 30_000);
});

describe('every account and captcha message the server sends has German', () => {
  beforeAll(async () => {
    await activateLanguage('de');
    // The account screens render with the full catalog (src/lib/i18n.ts); so does this check.
    await ensureFullCatalog();
  });

  const messages = [
    ...Object.values(authMessages),
    ...Object.values(captchaMessages),
    ...Object.values(signUpUsernameMessages),
    ...Object.values(backPathUsernameKeys),
    'Language must be en or de',
    'too many requests, please try again later',
  ];
  it.each(messages)('%s', (message) => {
    const german = translateServerMessage(message);
    expect(german).not.toBe(message);
    expect(german.length).toBeGreaterThan(0);
  });
});
