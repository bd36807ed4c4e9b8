import { useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { countryList, findCountry } from '../../api/contract/countries.ts';
import { FormField } from './form-field.tsx';
import './forms.css';

/**
 * The ~250 countries, named in the interface language (the data package has English names
 * only) and sorted for it.
 */
function useCountryOptions(locale: string) {
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    return countryList
      .map((country) => {
        let name = country.countryName;
        try {
          const localized = names?.of(country.countryShortCode);
          if (localized && localized !== country.countryShortCode) name = localized;
        } catch {
          // A code Intl does not know keeps the data's English name.
        }
        return { code: country.countryShortCode, name };
      })
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);
}

/**
 * The location of a profile (docs/product/accounts.md "Profile settings"): the country dropdown
 * (about 250 countries and territories) and the region dropdown that depends on it. Controlled: the
 * form owns the two values. The country list is large: import this only from lazily loaded forms.
 */
export function CountryRegionFields({
  country,
  region,
  onCountryChange,
  onRegionChange,
  countryError,
  regionError,
  disabled,
  countryAutoComplete,
  hint,
}: {
  country: string;
  region: string;
  onCountryChange: (code: string, firstRegion: string) => void;
  onRegionChange: (name: string) => void;
  countryError?: string | undefined;
  regionError?: string | undefined;
  disabled?: boolean;
  /** The country select's `autocomplete` token (e.g. "country"), for browser autofill. */
  countryAutoComplete?: string;
  /** A note under both dropdowns. */
  hint?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const options = useCountryOptions(i18n.locale);
  const regions = findCountry(country)?.regions ?? [];
  return (
    <div className="country-region-fields">
      <FormField label={t`Country`} error={countryError}>
        {(control) => (
          <select
            {...control}
            className="select"
            name="usercountrycode"
            value={country}
            disabled={disabled}
            autoComplete={countryAutoComplete}
            onChange={(event) => {
              const next = findCountry(event.target.value);
              // A country with one region needs no choice; otherwise the user picks.
              onCountryChange(
                event.target.value,
                next && next.regions.length === 1 ? next.regions[0]!.name : '',
              );
            }}
          >
            <option value="">{t`Choose a country`}</option>
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t`Region`} error={regionError}>
        {(control) => (
          <select
            {...control}
            className="select"
            name="userregionname"
            value={region}
            disabled={disabled || regions.length === 0}
            onChange={(event) => onRegionChange(event.target.value)}
          >
            <option value="">
              {regions.length === 0 ? t`Choose a country first` : t`Choose a region`}
            </option>
            {regions.map((option) => (
              <option key={option.name} value={option.name}>
                {option.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {hint && <p className="field__hint">{hint}</p>}
    </div>
  );
}
