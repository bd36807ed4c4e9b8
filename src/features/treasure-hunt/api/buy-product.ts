import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ApiReply } from '../../../api/client.ts';
import type { BuyProductBody, Purchase } from '../../../api/contract/treasurehunt.ts';
import * as productKeys from './product-keys.ts';

/** POST /treasurehunt/buyproduct: the reply as it came (refusals carry formGeneralErrorMessages). */
export function buyProduct(body: BuyProductBody): Promise<ApiReply<Purchase>> {
  return apiRequest<Purchase>('/treasurehunt/buyproduct', { body });
}

export function useBuyProduct(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyProduct,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: productKeys.product(productId) });
      void queryClient.invalidateQueries({ queryKey: productKeys.price(productId) });
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}
