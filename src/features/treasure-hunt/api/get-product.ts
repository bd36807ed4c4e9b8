import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, ApiFailure } from '../../../api/client.ts';
import type { Product } from '../../../api/contract/treasurehunt.ts';
import * as productKeys from './product-keys.ts';

/** GET /treasurehunt/product/{id}: one product for its page. */
export const productQuery = (id: number) =>
  queryOptions({
    queryKey: productKeys.product(id),
    queryFn: () => apiData<Product>(`/treasurehunt/product/${id}`, { noCache: true }),
    retry: (count, error) => !(error instanceof ApiFailure && error.notFound) && count < 1,
  });

export function useProduct(id: number) {
  return useQuery(productQuery(id));
}
