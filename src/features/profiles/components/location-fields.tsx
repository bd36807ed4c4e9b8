import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { countryList, findCountry } from '../../../api/contract/countries.ts';
import { Field } from './field.tsx';

/** The ~250 countries, named in the interface language and sorted for it. */
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

/** Location of a profile (accounts §2, §5): country, then a region of that country; both required. */
export function LocationFields({
  country,
  region,
  onCountryChange,
  onRegionChange,
  countryError,
  regionError,
  disabled,
}: {
  country: string;
  region: string;
  onCountryChange: (code: string, region: string) => void;
  onRegionChange: (name: string) => void;
  countryError?: string | undefined;
  regionError?: string | undefined;
  disabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const options = useCountryOptions(i18n.locale);
  const regions = findCountry(country)?.regions ?? [];
  return (
    <div className="profiles-location">
      <Field label={t`Country`} error={countryError}>
        {(control) => (
          <select
            {...control}
            className="select"
            name="usercountrycode"
            value={country}
            disabled={disabled}
            autoComplete="country"
            onChange={(event) => {
              const next = findCountry(event.target.value);
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
      </Field>
      <Field label={t`Region`} error={regionError}>
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
      </Field>
    </div>
  );
}
