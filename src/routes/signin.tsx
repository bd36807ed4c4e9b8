import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from '../features/accounts/components/sign-in-page.tsx';
import { optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/signin')({
  // confirm: the token of the e-mailed confirmation link (not ?token=, which opens the reset).
  validateSearch: (search): { confirm?: string } => ({
    confirm: optionalString(search, 'confirm', 200),
  }),
  component: RouteComponent,
});

function RouteComponent() {
  const { confirm } = Route.useSearch();
  return <SignInPage confirm={confirm} />;
}
