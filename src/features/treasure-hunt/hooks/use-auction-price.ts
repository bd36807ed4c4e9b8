import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PriceRecord } from '../../../api/contract/treasurehunt.ts';
import { latestPriceQuery } from '../api/get-latest-price.ts';

export interface AuctionPrice {
  /** The price record, or null while none is known or after a failed request. */
  record: PriceRecord | null;
  /** Set when the last request failed ("Error fetching current price and state"). */
  failed: boolean;
  /** Seconds since the last step, counted on from the server's figure. */
  secondsSinceChange: number | null;
  /** Seconds to the next step, counted down from the server's figure. */
  secondsToNextChange: number | null;
}

/** Re-renders once a second while `active`. */
function useSecondTicks(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The auction's price (docs/product/marketplace.md "Screens"): polled every 5 seconds until it
 * is at its bottom; a failed request clears the price and state and keeps an error, and the
 * polling goes on. The seconds since the last step come from the server (a duration, so this
 * device's clock does not matter) and count on locally between two requests.
 */
export function useAuctionPrice(productId: number, initial?: PriceRecord): AuctionPrice {
  const query = useQuery({
    ...latestPriceQuery(productId),
    ...(initial ? { placeholderData: initial } : {}),
  });
  const failed = query.isError;
  // Ask again just after the next step instead of up to 5 seconds later.
  const secondsToStep = query.data?.seconds_to_next_change;
  const { refetch, dataUpdatedAt } = query;
  useEffect(() => {
    if (secondsToStep === null || secondsToStep === undefined || !dataUpdatedAt) return;
    const wait = Math.max(0, dataUpdatedAt + secondsToStep * 1000 + 250 - Date.now());
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [secondsToStep, dataUpdatedAt, refetch]);
  const record = failed ? null : (query.data ?? null);
  const now = useSecondTicks(record !== null && !record.is_price_at_bottom);
  const elapsed = Math.max(0, Math.floor((now - query.dataUpdatedAt) / 1000));
  return {
    record,
    failed,
    secondsSinceChange:
      record?.seconds_since_change === null || record === null
        ? null
        : record.seconds_since_change + (query.dataUpdatedAt ? elapsed : 0),
    secondsToNextChange:
      record?.seconds_to_next_change === null || record === null
        ? null
        : Math.max(0, record.seconds_to_next_change - (query.dataUpdatedAt ? elapsed : 0)),
  };
}
