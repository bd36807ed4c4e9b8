import { useState } from 'react';
import { initialPhoneCountry } from './phone-rules.ts';
import { storage } from './storage.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** A phone number is checked once typing has paused this long (docs/product/limits.md "Phone"). */
export const PHONE_CHECK_DELAY_MS = 1000;

/**
 * A phone form's country and number, and the pair as it stood once typing paused: what the
 * debounced check looks at. The chosen country is remembered for the next phone form.
 */
export function usePhoneEntry() {
  const [country, setCountry] = useState(initialPhoneCountry);
  const [phone, setPhone] = useState('');
  // A string, so the debounce compares by value: "US|415 555 2671".
  const settledKey = useDebouncedValue(`${country}|${phone}`, PHONE_CHECK_DELAY_MS);
  const separator = settledKey.indexOf('|');
  return {
    country,
    phone,
    setPhone,
    setCountry: (code: string) => {
      setCountry(code);
      storage.set('phone-last-country', code);
    },
    isSettled: settledKey === `${country}|${phone}`,
    settled: { country: settledKey.slice(0, separator), phone: settledKey.slice(separator + 1) },
  };
}
