import { createFileRoute } from '@tanstack/react-router';
import { LogoPage } from '../features/info/components/logo-page.tsx';
import { definedOnly, optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/logo')({
  validateSearch: (search) => definedOnly({ next: optionalString(search, 'next', 300) }),
  component: LogoRoute,
});

function LogoRoute() {
  return <LogoPage next={Route.useSearch().next} />;
}
