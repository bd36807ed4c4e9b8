import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/core';
import minMetadata from 'libphonenumber-js/min/metadata';
import { PHONE_DEFAULT_COUNTRY } from '../api/contract/constants.ts';
import { checkPhoneNumber, type PhoneCheck } from '../api/contract/phone.ts';
import { storage } from './storage.ts';

/**
 * The phone rules in the browser, with libphonenumber-js's small "min" metadata (lengths only;
 * the server checks the full numbering plan). Loaded only by the phone routes.
 */
export function checkPhoneLocally(input: string, country: string): PhoneCheck {
  return checkPhoneNumber(input, country, minMetadata);
}

export interface PhoneCountry {
  code: string;
  callingCode: string;
  name: string;
}

/** Every country with its calling code, named and sorted in the interface language. */
export function phoneCountries(locale: string): PhoneCountry[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  return getCountries(minMetadata)
    .map((code: CountryCode) => {
      let name: string = code;
      try {
        name = names?.of(code) ?? code;
      } catch {
        // Intl does not know every code; the code itself stands in.
      }
      return { code, callingCode: getCountryCallingCode(code, minMetadata), name };
    })
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/**
 * The picker's start: the last country used here, else US (docs/product/accounts.md "Phone
 * verification").
 */
export function initialPhoneCountry(): string {
  const stored = storage.get('phone-last-country');
  if (stored && getCountries(minMetadata).includes(stored as CountryCode)) return stored;
  return PHONE_DEFAULT_COUNTRY;
}
