/**
 * Search-param parsers for route files. Route contracts sit in the initial bundle, where zod
 * (even zod/mini, ~8 KB brotli) would break the budget of docs/budgets.md "Initial JavaScript", so these small
 * typed parsers do the same job there; forms and the server use the zod contract.
 */
type Search = Record<string, unknown>;

export function optionalString(search: Search, key: string, maxLength = 500): string | undefined {
  const value = search[key];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) return undefined;
  return value;
}

export function optionalEnum<const T extends string>(
  search: Search,
  key: string,
  values: readonly T[],
): T | undefined {
  const value = search[key];
  return typeof value === 'string' && (values as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/**
 * Drops undefined values and types the keys as optional, so links to the route need not pass
 * every search parameter: `validateSearch: (s) => definedOnly({ backto: optionalString(s, 'backto') })`.
 */
export function definedOnly<T extends Record<string, unknown>>(
  values: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) if (value !== undefined) result[key] = value;
  return result as { [K in keyof T]?: Exclude<T[K], undefined> };
}
