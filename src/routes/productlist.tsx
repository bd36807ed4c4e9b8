import { createFileRoute } from '@tanstack/react-router';
import { ProductListPage } from '../features/treasure-hunt/components/marketplace-pages.tsx';
import { definedOnly, optionalEnum } from '../lib/search-params.ts';

export const Route = createFileRoute('/productlist')({
  validateSearch: (search) =>
    definedOnly({ filter: optionalEnum(search, 'filter', ['open', 'sold'] as const) }),
  component: ProductListRoute,
});

function ProductListRoute() {
  const { filter } = Route.useSearch();
  return <ProductListPage filter={filter ?? 'all'} />;
}
