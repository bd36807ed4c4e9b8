import countries from 'country-region-data/data.json' with { type: 'json' };

export interface Region {
  name: string;
  shortCode?: string;
}
export interface Country {
  countryName: string;
  countryShortCode: string;
  regions: Region[];
}

/** About 250 countries and territories with their regions (docs/product/accounts.md "Sign-up"). */
export const countryList: readonly Country[] = countries as Country[];

const byCode = new Map(countryList.map((country) => [country.countryShortCode, country]));

export const DEFAULT_COUNTRY_CODE = 'US';
export const DEFAULT_REGION_NAME = 'California';

export function findCountry(code: string): Country | undefined {
  return byCode.get(code.toUpperCase());
}

export function isKnownRegion(countryCode: string, regionName: string): boolean {
  return findCountry(countryCode)?.regions.some((region) => region.name === regionName) ?? false;
}
