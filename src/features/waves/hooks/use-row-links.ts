import { useRouter } from '@tanstack/react-router';
import { useMemo, useRef, type SyntheticEvent } from 'react';

/**
 * A list's rows link with plain anchors (`data-route-link`), and the list follows them in the app
 * with one handler for all of its rows. A TanStack `<Link>` per link (three or four a row) runs
 * its own hooks, location building and store subscription for every row, which on the first
 * screen cost more than a tenth of the page's main-thread time (docs/budgets.md "First screen
 * (Lighthouse)"). Like `<Link>`, a click without modifier keys navigates in the app, and the
 * route (its code and data) is preloaded on the first sign of intent.
 */
export function useRowLinks() {
  const router = useRouter();
  const preloaded = useRef<string | null>(null);
  return useMemo(() => {
    const hrefOf = (event: SyntheticEvent) => {
      const target = event.target as Element;
      return target.closest?.('a[data-route-link]')?.getAttribute('href') ?? null;
    };
    return {
      onClick(event: React.MouseEvent) {
        const href = hrefOf(event);
        if (!href || event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        void router.navigate({ href });
      },
      onIntent(event: SyntheticEvent) {
        const href = hrefOf(event);
        if (!href || href === preloaded.current) return;
        preloaded.current = href;
        // preloadRoute builds its location like navigate does, from an href too (its type
        // asks for `to`).
        router.preloadRoute({ href } as unknown as { to: '/' }).catch(() => undefined);
      },
    };
  }, [router]);
}
