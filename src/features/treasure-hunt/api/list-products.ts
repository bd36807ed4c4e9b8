import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import { PRICE_POLL_MS, PRODUCT_LIST_DEFAULT_LIMIT } from '../../../api/contract/constants.ts';
import type { Product, ProductListFilter } from '../../../api/contract/treasurehunt.ts';
import * as productKeys from './product-keys.ts';

/** GET /treasurehunt/listproducts: `data[0].listproducts`, keyset paged like the wave lists. */
export const productListQuery = (filter: ProductListFilter) =>
  infiniteQueryOptions({
    queryKey: productKeys.list(filter),
    queryFn: async ({ pageParam }) => {
      const data = await apiData<{ listproducts: Product[] }[]>('/treasurehunt/listproducts', {
        noCache: true,
        query: { filter, limit: PRODUCT_LIST_DEFAULT_LIMIT, after: pageParam },
      });
      const products = data[0]?.listproducts;
      if (!Array.isArray(products)) throw new MalformedProductList();
      return products;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) =>
      page.length < PRODUCT_LIST_DEFAULT_LIMIT ? undefined : page[page.length - 1]?.cursor,
    staleTime: 5_000,
  });

/** A reply without the list where it should be (the original's "Something went wrong!"). */
export class MalformedProductList extends Error {
  constructor() {
    super('malformed product list');
    this.name = 'MalformedProductList';
  }
}

/** With `live`, the list is asked for again every 5 seconds (its prices keep falling). */
export function useProductList(filter: ProductListFilter, live = false) {
  return useInfiniteQuery({
    ...productListQuery(filter),
    ...(live ? { refetchInterval: PRICE_POLL_MS } : {}),
  });
}
