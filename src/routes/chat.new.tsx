import { createFileRoute } from '@tanstack/react-router';
import { NewGroupPage } from '../features/groups/components/new-group-page.tsx';
import { definedOnly, optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/chat/new')({
  // The name typed before a detour through phone verification (docs/product/channels-and-groups.md "Chat groups").
  validateSearch: (search) => definedOnly({ name: optionalString(search, 'name', 200) }),
  component: NewGroupRoute,
});

function NewGroupRoute() {
  const { name } = Route.useSearch();
  return <NewGroupPage initialName={name} />;
}
