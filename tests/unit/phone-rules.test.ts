import fc from 'fast-check';
import { getCountryCallingCode } from 'libphonenumber-js/core';
import examples from 'libphonenumber-js/examples.mobile.json';
import maxMetadata from 'libphonenumber-js/max/metadata';
import minMetadata from 'libphonenumber-js/min/metadata';
import { describe, expect, it } from 'vitest';
import { checkPhoneNumber } from '../../src/api/contract/phone.ts';

/** Countries with an example mobile number (national significant number). */
const exampleCountries = Object.keys(examples) as (keyof typeof examples)[];
const countryCodes = fc.constantFrom(...exampleCountries);
const separators = fc.constantFrom(' ', '-', '.', '  ', ' - ', '');

const client = (input: string, country: string) => checkPhoneNumber(input, country, minMetadata);
const server = (input: string, country: string) => checkPhoneNumber(input, country, maxMetadata);

/** A national number written the way people type it: digits with random separators. */
const typedNational = countryCodes.chain((country) =>
  fc
    .array(separators, {
      minLength: examples[country].length,
      maxLength: examples[country].length,
    })
    .map((gaps) => ({
      country,
      text: [...examples[country]].map((digit, index) => digit + (gaps[index] ?? '')).join(''),
    })),
);

describe('the phone rules (docs/product/accounts.md, Phone verification)', () => {
  it('rejects any input over 250 characters, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 251, maxLength: 600 }), countryCodes, (input, country) => {
        for (const check of [client, server]) {
          expect(check(input, country)).toEqual({ ok: false, problem: 'input_too_long' });
        }
      }),
    );
  });

  it('accepts every country’s example mobile number, however it is spaced, as the same E.164', () => {
    fc.assert(
      fc.property(typedNational, ({ country, text }) => {
        const fromClient = client(text, country);
        const fromServer = server(text, country);
        expect(fromServer).toMatchObject({ ok: true });
        expect(fromClient).toMatchObject({ ok: true });
        if (fromClient.ok && fromServer.ok) expect(fromClient.e164).toBe(fromServer.e164);
      }),
      { numRuns: 400 },
    );
  });

  it('gives valid numbers in international format: "+" and digits, at most 3 + 17 of them', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?[0-9 ()-]{0,30}$/), countryCodes, (input, country) => {
        const result = server(input, country);
        if (result.ok) {
          expect(result.e164).toMatch(/^\+[1-9]\d{1,19}$/);
          expect(result.nationalNumber.length).toBeLessThanOrEqual(17);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('is idempotent: a valid result checks again as itself, from any default country', () => {
    fc.assert(
      fc.property(typedNational, countryCodes, ({ country, text }, otherCountry) => {
        const first = server(text, country);
        if (!first.ok) return;
        expect(server(first.e164, otherCountry)).toMatchObject({ ok: true, e164: first.e164 });
      }),
    );
  });

  it('calls a single digit too short', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), countryCodes, (digit, country) => {
        expect(client(String(digit), country)).toEqual({ ok: false, problem: 'too_short' });
      }),
    );
  });

  it('calls more than 17 national digits too long, with or without a country code', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[1-9][0-9]{20,40}$/),
        countryCodes,
        fc.boolean(),
        (digits, country, international) => {
          // (An unknown country code, as in "+28…", is invalid before it is long.)
          const input = international
            ? `+${getCountryCallingCode(country, minMetadata)}${digits}`
            : digits;
          expect(client(input, country)).toEqual({ ok: false, problem: 'too_long' });
          expect(server(input, country)).toEqual({ ok: false, problem: 'too_long' });
        },
      ),
    );
  });

  it('never accepts on the server what the browser refuses (the server is stricter)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?[0-9]{1,18}$/), countryCodes, (input, country) => {
        if (server(input, country).ok) expect(client(input, country).ok).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('treats an empty or blank input as empty, and letters as invalid', () => {
    expect(client('', 'US')).toEqual({ ok: false, problem: 'empty' });
    expect(client('   ', 'DE')).toEqual({ ok: false, problem: 'empty' });
    expect(client('call me', 'US')).toEqual({ ok: false, problem: 'invalid' });
  });

  it('checks the numbering plan: the right length in the wrong range is invalid', () => {
    // US numbers cannot start with 0 or 1 after the country code; 555-0100 lacks the area code.
    expect(server('+1 055 555 0100', 'US')).toEqual({ ok: false, problem: 'invalid' });
    expect(server('555-0100', 'US')).toEqual({ ok: false, problem: 'invalid' });
    expect(server('(415) 555-2671', 'US')).toMatchObject({ ok: true, e164: '+14155552671' });
    expect(server('030 123456', 'DE')).toMatchObject({ ok: true, e164: '+4930123456' });
  });
});
