import { createFileRoute, redirect } from '@tanstack/react-router';
import { definedOnly, optionalString } from '../lib/search-params.ts';

/**
 * The old address /wave/edit?wave_name=… (docs/product/shell.md "Routes") leads to
 * /edit/{wave_name}.
 */
export const Route = createFileRoute('/wave/edit')({
  validateSearch: (search) => definedOnly({ wave_name: optionalString(search, 'wave_name', 64) }),
  beforeLoad: ({ search }) => {
    if (!search.wave_name) throw redirect({ to: '/404', replace: true });
    throw redirect({
      to: '/edit/$wave_name',
      params: { wave_name: search.wave_name },
      replace: true,
    });
  },
});
