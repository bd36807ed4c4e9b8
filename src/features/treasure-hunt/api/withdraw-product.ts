import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import type { Product } from '../../../api/contract/treasurehunt.ts';
import * as productKeys from './product-keys.ts';

/** POST /treasurehunt/withdrawproduct: the seller takes an unsold product back. */
export function useWithdrawProduct(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<Product>('/treasurehunt/withdrawproduct', { body: { product_id: productId } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
