import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { phoneCountries } from '../../lib/phone-rules.ts';

/** What the number's check says under the field. */
export interface PhoneStatus {
  kind: 'checking' | 'ok' | 'error';
  text: string;
}

/**
 * A phone number with its country (docs/product/accounts.md "Phone verification"): the country
 * picker with calling codes, the number, an optional hint and a polite live line that shows `error`
 * if there is one, else the check's `status`. Controlled: the form owns country and number
 * (src/lib/use-phone-entry.ts). The phone metadata is not small: import this only from lazily
 * loaded forms.
 */
export function PhoneNumberFields({
  inputId,
  label,
  hint,
  country,
  onCountryChange,
  phone,
  onPhoneChange,
  status,
  error,
  autoComplete,
}: {
  /** The number's input id (a form may focus it on an error). */
  inputId: string;
  label: ReactNode;
  hint?: ReactNode;
  country: string;
  onCountryChange: (code: string) => void;
  phone: string;
  onPhoneChange: (value: string) => void;
  status: PhoneStatus | null;
  error?: string | null | undefined;
  /** `tel` for the user's own number; `off` for someone else's. */
  autoComplete: 'tel' | 'off';
}) {
  const { i18n } = useLingui();
  const countries = useMemo(() => phoneCountries(i18n.locale), [i18n.locale]);
  const hintId = `${inputId}-hint`;
  const statusId = `${inputId}-status`;
  const invalid = Boolean(error) || status?.kind === 'error';
  return (
    <>
      <div className="field">
        <label htmlFor={`${inputId}-country`} className="field__label">
          <Trans>Country</Trans>
        </label>
        <select
          id={`${inputId}-country`}
          className="select"
          value={country}
          autoComplete={autoComplete === 'tel' ? 'country' : undefined}
          onChange={(event) => onCountryChange(event.target.value)}
        >
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name} (+{option.callingCode})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={inputId} className="field__label">
          {label}
        </label>
        <input
          id={inputId}
          className="input"
          type="tel"
          inputMode="tel"
          autoComplete={autoComplete}
          value={phone}
          aria-invalid={invalid}
          aria-describedby={hint ? `${hintId} ${statusId}` : statusId}
          onChange={(event) => onPhoneChange(event.target.value)}
        />
        {hint && (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        )}
        <p
          id={statusId}
          className={invalid ? 'field__error' : status?.kind === 'ok' ? 'field__ok' : 'field__hint'}
          aria-live="polite"
        >
          {error || status?.text || ''}
        </p>
      </div>
    </>
  );
}
