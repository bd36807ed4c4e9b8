import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProductPage } from '../features/treasure-hunt/components/product-page.tsx';
import { NotFoundPage } from '../features/shell/components/not-found-page.tsx';

/** Product ids are positive integers; anything else is not a product page. */
const productId = (id: string | undefined) =>
  id !== undefined && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;

/** /productpage/{id}; /productpage alone goes to the list (docs/product/marketplace.md "Screens"). */
export const Route = createFileRoute('/productpage/{-$id}')({
  beforeLoad: ({ params }) => {
    if (params.id === undefined) throw redirect({ to: '/productlist', replace: true });
  },
  component: ProductRoute,
});

function ProductRoute() {
  const id = productId(Route.useParams().id);
  if (id === null) return <NotFoundPage />;
  return <ProductPage key={id} productId={id} />;
}
