import { PRICE_POLL_MS } from '../../../api/contract/constants.ts';
import { apiRequest } from '../../../api/client.ts';
import type { PriceRecord } from '../../../api/contract/treasurehunt.ts';
import { queryOptions } from '@tanstack/react-query';
import * as productKeys from './product-keys.ts';

/** The two ways the price request fails (docs/product/marketplace.md "Screens"). */
export class PriceFetchError extends Error {
  constructor(message: 'Network response was not ok' | 'Invalid data structure') {
    super(message);
    this.name = 'PriceFetchError';
  }
}

/** GET /treasurehunt/getlatestprice?product_id=…&t=…: `data[0].getlatestprice`. */
export async function fetchLatestPrice(productId: number): Promise<PriceRecord> {
  let reply;
  try {
    reply = await apiRequest<{ getlatestprice: PriceRecord }[]>('/treasurehunt/getlatestprice', {
      noCache: true,
      query: { product_id: productId, t: Date.now() },
    });
  } catch {
    throw new PriceFetchError('Network response was not ok');
  }
  if (!reply.success) throw new PriceFetchError('Network response was not ok');
  const record = reply.data?.[0]?.getlatestprice;
  if (!record || typeof record.current_price !== 'number') {
    throw new PriceFetchError('Invalid data structure');
  }
  return record;
}

/**
 * The price, asked for every 5 seconds until it is at its bottom (or the product is sold or
 * withdrawn: then too it will not fall further). A failed request does not stop the polling.
 */
export const latestPriceQuery = (productId: number) =>
  queryOptions({
    queryKey: productKeys.price(productId),
    queryFn: () => fetchLatestPrice(productId),
    retry: false,
    refetchInterval: (query) =>
      query.state.status === 'success' && query.state.data?.is_price_at_bottom
        ? false
        : PRICE_POLL_MS,
  });
