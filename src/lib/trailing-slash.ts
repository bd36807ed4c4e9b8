/**
 * The redirect helper (docs/product/shell.md "Trailing slashes"): a path with a trailing slash (other than the root) maps to the
 * same path without it, keeping the query string and hash. Returns null when nothing changes.
 */
export function withoutTrailingSlash(pathname: string, search = '', hash = ''): string | null {
  if (pathname.length <= 1 || !pathname.endsWith('/')) return null;
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return `${trimmed}${search}${hash}`;
}
