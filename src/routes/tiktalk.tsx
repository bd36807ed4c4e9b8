import { createFileRoute } from '@tanstack/react-router';
import { TiktalkScreen } from '../features/tiktalk/components/tiktalk-screen.tsx';
import { definedOnly, optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/tiktalk')({
  // The feed's context stack: a bottom tab and what was opened on top of it.
  validateSearch: (search) =>
    definedOnly({
      tab: optionalString(search, 'tab', 20),
      open: optionalString(search, 'open', 600),
    }),
  component: TiktalkRoute,
});

function TiktalkRoute() {
  const { tab, open } = Route.useSearch();
  return <TiktalkScreen tab={tab} open={open} />;
}
