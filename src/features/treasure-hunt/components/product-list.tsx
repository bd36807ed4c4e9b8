import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductListFilter } from '../../../api/contract/treasurehunt.ts';
import { useProductList, MalformedProductList } from '../api/list-products.ts';
import { ProductCard } from './product-card.tsx';

/**
 * Products of one filter, newest first, with "Show more" (docs/product/marketplace.md "Screens").
 * A reply it cannot read says "Something went wrong!", a failed request "Failed to load products!".
 */
export function ProductList({
  filter,
  empty,
  live = false,
}: {
  filter: ProductListFilter;
  empty: React.ReactNode;
  /** Refresh every 5 seconds, so the prices shown keep falling. */
  live?: boolean;
}) {
  const { t } = useLingui();
  const list = useProductList(filter, live);
  const products = list.data?.pages.flat() ?? [];

  if (list.isPending) {
    return (
      <p className="muted" role="status">
        <Trans>Loading products…</Trans>
      </p>
    );
  }
  if (list.isError && products.length === 0) {
    return (
      <div className="th-empty" role="alert">
        <p>
          {list.error instanceof MalformedProductList ? (
            <Trans>Something went wrong!</Trans>
          ) : (
            <Trans>Failed to load products!</Trans>
          )}
        </p>
        <button type="button" className="button" onClick={() => void list.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (products.length === 0) return <div className="th-empty">{empty}</div>;
  return (
    <>
      <ul className="th-grid">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <p className="th-more">
          <button
            type="button"
            className="button"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? t`Loading…` : t`Show more products`}
          </button>
        </p>
      )}
    </>
  );
}
